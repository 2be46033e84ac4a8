package payform.junit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader for the sandbox's first line and webhook bodies: objects become
 * {@code Map<String, Object>}, arrays {@code List<Object>}, numbers {@code Double}, and true, false
 * and null themselves. Malformed text is an {@link IllegalArgumentException} naming the offset.
 */
public final class Json {
    private static final int MAX_DEPTH = 64;
    private final String text;
    private int at;

    private Json(String text) {
        this.text = text;
    }

    /** The value {@code text} holds (one JSON value, white space around it allowed). */
    public static Object parse(String text) {
        Json reader = new Json(text);
        Object value = reader.value(0);
        reader.space();
        if (reader.at != text.length()) throw reader.error("text after the value");
        return value;
    }

    /** The object {@code text} holds. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> parseObject(String text) {
        Object value = parse(text);
        if (!(value instanceof Map)) throw new IllegalArgumentException("JSON: expected an object");
        return (Map<String, Object>) value;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("JSON at offset " + at + ": " + what);
    }

    private void space() {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) at++;
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) throw error("nested deeper than " + MAX_DEPTH);
        space();
        if (at >= text.length()) throw error("a value is missing");
        char c = text.charAt(at);
        if (c == '{') return object(depth);
        if (c == '[') return array(depth);
        if (c == '"') return string();
        if (text.startsWith("true", at)) { at += 4; return Boolean.TRUE; }
        if (text.startsWith("false", at)) { at += 5; return Boolean.FALSE; }
        if (text.startsWith("null", at)) { at += 4; return null; }
        return number();
    }

    private Map<String, Object> object(int depth) {
        Map<String, Object> object = new LinkedHashMap<>();
        at++;
        space();
        if (at < text.length() && text.charAt(at) == '}') { at++; return object; }
        while (true) {
            space();
            if (at >= text.length() || text.charAt(at) != '"') throw error("expected a member name");
            String name = string();
            space();
            if (at >= text.length() || text.charAt(at) != ':') throw error("expected ':'");
            at++;
            object.put(name, value(depth + 1));
            space();
            if (at < text.length() && text.charAt(at) == ',') { at++; continue; }
            if (at < text.length() && text.charAt(at) == '}') { at++; return object; }
            throw error("expected ',' or '}'");
        }
    }

    private List<Object> array(int depth) {
        List<Object> array = new ArrayList<>();
        at++;
        space();
        if (at < text.length() && text.charAt(at) == ']') { at++; return array; }
        while (true) {
            array.add(value(depth + 1));
            space();
            if (at < text.length() && text.charAt(at) == ',') { at++; continue; }
            if (at < text.length() && text.charAt(at) == ']') { at++; return array; }
            throw error("expected ',' or ']'");
        }
    }

    private String string() {
        StringBuilder out = new StringBuilder();
        at++;
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') return out.toString();
            if (c < 0x20) throw error("a control character in a string");
            if (c != '\\') { out.append(c); continue; }
            if (at >= text.length()) break;
            char e = text.charAt(at++);
            switch (e) {
                case '"': case '\\': case '/': out.append(e); break;
                case 'b': out.append('\b'); break;
                case 'f': out.append('\f'); break;
                case 'n': out.append('\n'); break;
                case 'r': out.append('\r'); break;
                case 't': out.append('\t'); break;
                case 'u':
                    if (at + 4 > text.length()) throw error("a cut \\u escape");
                    try {
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    } catch (NumberFormatException error) {
                        throw error("a malformed \\u escape");
                    }
                    at += 4;
                    break;
                default: throw error("an unknown escape");
            }
        }
        throw error("an unterminated string");
    }

    private Double number() {
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
        if (start == at) throw error("unexpected character");
        try {
            return Double.valueOf(text.substring(start, at));
        } catch (NumberFormatException error) {
            at = start;
            throw error("a malformed number");
        }
    }
}
