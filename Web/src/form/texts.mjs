// The form's texts in languages other than English: which files a locale needs, fetched once per
// page. The engine carries English; every other language is a file beside the built module
// (payform-texts.LANG.json, copied from Resources/Localization by Scripts/build/build-web.sh).

/**
 * The texts of the languages the engine does not carry, by language tag: files beside the built
 * module, fetched when a form's locale asks for one of them. Scripts/build/build-web.sh defines
 * PAYFORM_TEXT_FILES when it bundles the form (esbuild's --define); run from source there are none.
 */
const TEXT_FILES = typeof PAYFORM_TEXT_FILES === "object" ? PAYFORM_TEXT_FILES : {};

/** Texts files on their way or loaded, by URL, shared by every form of the page. */
const textFiles = new Map();

/**
 * The texts a form in `locale` needs beside the engine's English: `{TAG: {KEY: TEXT}}` for each
 * language of the locale's chain (`fr-CA` → `fr-CA`, `fr`) that has a file. A file that cannot
 * be loaded leaves its language out (the form is then in English, and says so).
 */
export async function textsFor(locale, fetchFunction) {
  const texts = {};
  await Promise.all(textFilesFor(locale).map(async (language) => {
    const url = new URL(TEXT_FILES[language], import.meta.url).href;
    let loading = textFiles.get(url);
    if (!loading) {
      loading = fetchFunction(url).then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      });
      textFiles.set(url, loading);
      loading.catch(() => { if (textFiles.get(url) === loading) textFiles.delete(url); });
    }
    try {
      texts[language] = await loading;
    } catch {
      // Left out: the engine's English stands in.
    }
  }));
  return texts;
}

/**
 * Tags whose texts are another language's, as the engine resolves them (its LanguageTag;
 * Web/test/engine-ops.test.mjs holds the two equal): Hebrew's old code, Norwegian, Chinese by
 * script or region.
 */
export const LANGUAGE_ALIASES = {
  iw: "he", no: "nb", nn: "nb",
  "zh-hans": "zh", "zh-cn": "zh", "zh-sg": "zh",
  "zh-hant": "zh-Hant", "zh-tw": "zh-Hant", "zh-hk": "zh-Hant", "zh-mo": "zh-Hant",
};

/** The texts files (TEXT_FILES keys) a locale needs: its language and script or region as the engine reads them. */
function textFilesFor(locale) {
  const subtags = String(locale ?? "").split(/[.@]/)[0].split(/[-_]/).filter(Boolean).map((tag) => tag.toLowerCase());
  if (subtags.length === 0) return [];
  const known = (tag) => Object.keys(TEXT_FILES).find((file) => file.toLowerCase() === tag.toLowerCase());
  const pair = subtags.length > 1 ? `${subtags[0]}-${subtags[1]}` : null;
  const aliased = (pair && LANGUAGE_ALIASES[pair]) ?? LANGUAGE_ALIASES[subtags[0]];
  if (aliased) return [known(aliased)].filter(Boolean);
  return [known(subtags[0]), pair && known(pair)].filter(Boolean);
}
