// The example shop's own texts, in English and French: one table for the page (checkout.mjs) and
// for the return page the shop server renders after 3-D Secure (shop-server.mjs). The payment
// form's texts (labels, errors) come from the form module, in the same language.

/** The languages the shop speaks, with the Client API locale each one asks for. */
export const languages = {
  en: { name: "English", clientLocale: "en_GB" },
  fr: { name: "Français", clientLocale: "fr_FR" },
};

const table = {
  en: {
    title: "Checkout",
    language: "Language",
    basket: "Your order: {amount}",
    choose: "Choose how to pay",
    card: "Card",
    pay: "Pay {amount}",
    paying: "Paying…",
    loading: "Loading…",
    paid: "Payment {id}: {status}",
    redirecting: "Your bank asks you to confirm the payment: on to 3-D Secure…",
    refused: "The shop could not accept this payment request: {message}",
    declined: "The payment was declined ({id}). Try another card or payment method.",
    unreachable: "The shop could not be reached. Check your connection, then try again.",
    shopProblem: "The shop had a problem taking the payment ({message}). Please try again in a moment.",
    failedSession: "The shop could not start a payment session: {message}",
    failedProducts: "The payment methods could not be loaded: {message}",
    failedForm: "The payment form could not be shown: {message}",
    failedPay: "The payment could not be sent: {message}",
    noProducts: "No payment method is available for this order.",
    returned: "Back from 3-D Secure",
    backToShop: "Back to the shop",
  },
  fr: {
    title: "Paiement",
    language: "Langue",
    basket: "Votre commande : {amount}",
    choose: "Choisissez votre moyen de paiement",
    card: "Carte",
    pay: "Payer {amount}",
    paying: "Paiement en cours…",
    loading: "Chargement…",
    paid: "Paiement {id} : {status}",
    redirecting: "Votre banque vous demande de confirmer le paiement : redirection vers 3-D Secure…",
    refused: "La boutique n’a pas pu accepter cette demande de paiement : {message}",
    declined: "Le paiement a été refusé ({id}). Essayez une autre carte ou un autre moyen de paiement.",
    unreachable: "La boutique est injoignable. Vérifiez votre connexion, puis réessayez.",
    shopProblem: "La boutique a rencontré un problème en prenant le paiement ({message}). Réessayez dans un instant.",
    failedSession: "La boutique n’a pas pu ouvrir de session de paiement : {message}",
    failedProducts: "Les moyens de paiement n’ont pas pu être chargés : {message}",
    failedForm: "Le formulaire de paiement n’a pas pu être affiché : {message}",
    failedPay: "Le paiement n’a pas pu être envoyé : {message}",
    noProducts: "Aucun moyen de paiement n’est disponible pour cette commande.",
    returned: "Retour de 3-D Secure",
    backToShop: "Retour à la boutique",
  },
};

/** `lang` when the shop speaks it, else English. */
export function language(lang) {
  return Object.hasOwn(languages, lang) ? lang : "en";
}

/** The text `key` in `lang` with `{name}` placeholders filled in from `values`. */
export function text(lang, key, values = {}) {
  const template = table[language(lang)][key] ?? table.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** An amount in minor units (cents) as the language writes money: "€10.00", "10,00 €". */
export function money(lang, amount, currencyCode) {
  const locale = languages[language(lang)].clientLocale.replace("_", "-");
  return new Intl.NumberFormat(locale, { style: "currency", currency: currencyCode }).format(amount / 100);
}
