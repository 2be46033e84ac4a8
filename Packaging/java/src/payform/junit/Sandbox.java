package payform.junit;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A running {@code payform sandbox} on a free port: its Server API endpoint and credentials (what
 * an official server SDK is configured with), the client session, its webhook receiver. Made by
 * {@link PayformSandbox} (or {@link #start}), stopped by {@link #close()}.
 */
public final class Sandbox implements AutoCloseable {
    private final Process process;
    private final Map<String, Object> info;
    private final String firstLine;
    private final WebhookReceiver webhooks;
    private final Path log;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private Sandbox(Process process, String firstLine, WebhookReceiver webhooks, Path log) {
        this.process = process;
        this.firstLine = firstLine;
        this.info = Json.parseObject(firstLine);
        this.webhooks = webhooks;
        this.log = log;
    }

    /**
     * Starts {@code payform sandbox ARGUMENTS} with a webhook receiver (when {@code webhooks})
     * and waits up to {@code timeout} for its first line.
     */
    public static Sandbox start(Path payform, List<String> arguments, boolean webhooks, Duration timeout) throws IOException {
        WebhookReceiver receiver = webhooks ? new WebhookReceiver() : null;
        Path log = Files.createTempFile("payform-sandbox-", ".log");
        List<String> command = new ArrayList<>(List.of(payform.toString(), "sandbox"));
        command.addAll(arguments);
        if (receiver != null) command.addAll(List.of("--webhook-url", receiver.url()));
        Process process = new ProcessBuilder(command).redirectError(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return output.readLine();
            } catch (IOException error) {
                return null;
            }
        });
        String first;
        try {
            first = line.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception error) {
            first = null;
        }
        if (first == null || first.isBlank()) {
            process.destroyForcibly();
            if (receiver != null) receiver.close();
            throw new IllegalStateException(payform + " sandbox printed no first line within " + timeout.toSeconds() + " s: " + tail(log));
        }
        Sandbox sandbox;
        try {
            sandbox = new Sandbox(process, first, receiver, log);
        } catch (IllegalArgumentException error) {
            process.destroyForcibly();
            if (receiver != null) receiver.close();
            throw new IllegalStateException(payform + " sandbox's first line is not what was expected: " + error.getMessage());
        }
        if (receiver != null) {
            Map<String, Object> keys = sandbox.object("webhooks");
            receiver.setKey(String.valueOf(keys.get("keyId")), String.valueOf(keys.get("secretKey")));
        }
        return sandbox;
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return lines.isEmpty() ? "(its log is empty)" : String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException error) {
            return "(its log cannot be read: " + error.getMessage() + ")";
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> object(String name) {
        Object value = info.get(name);
        if (!(value instanceof Map)) throw new IllegalArgumentException("the first line has no object " + name);
        return (Map<String, Object>) value;
    }

    private String serverApi(String name) {
        return String.valueOf(object("serverApi").get(name));
    }

    /** The Server API's endpoint ({@code http://127.0.0.1:PORT}): an SDK's {@code apiEndpoint}. */
    public URI apiEndpoint() { return URI.create(serverApi("apiEndpoint")); }

    /** The merchant id of the Server API paths. */
    public String merchantId() { return serverApi("merchantId"); }

    /** The API key id calls are signed with (a public test value unless given). */
    public String apiKeyId() { return serverApi("apiKeyId"); }

    /** The secret API key calls are signed with (a public test value unless given). */
    public String secretApiKey() { return serverApi("secretApiKey"); }

    /** The Client API's URL for a client session. */
    public String clientApiUrl() { return String.valueOf(info.get("clientApiUrl")); }

    /** The asset URL for a client session. */
    public String assetUrl() { return String.valueOf(info.get("assetUrl")); }

    /** The customer id of the first line's client session. */
    public String customerId() { return String.valueOf(info.get("customerId")); }

    /** The first line's client session id. */
    public String clientSessionId() { return String.valueOf(info.get("clientSessionId")); }

    /** The whole first line, as JSON text. */
    public String firstLine() { return firstLine; }

    /** The whole first line, parsed. */
    public Map<String, Object> info() { return info; }

    /** The webhook receiver (verified posts); empty when started without one. */
    public Optional<WebhookReceiver> webhooks() { return Optional.ofNullable(webhooks); }

    /**
     * The sandbox's test clock, as its first line describes it: {@code advanceUrl} (POST
     * {@code {"seconds": N}} there to move it on and settle what is due) and {@code settle}
     * ({@code immediate}, {@code manual} or {@code after:SECONDS}); empty from a sandbox too old to
     * have one.
     */
    @SuppressWarnings("unchecked")
    public Optional<Map<String, Object>> clock() {
        Object clock = info.get("clock");
        return clock instanceof Map ? Optional.of((Map<String, Object>) clock) : Optional.empty();
    }

    /** The file the sandbox's standard error goes to (one line per request). */
    public Path log() { return log; }

    /**
     * A Server API call signed as the official SDKs sign it (v1HMAC): {@code method} on
     * {@code path} ({@code /v2/MERCHANT/payments}), with {@code jsonBody} or none.
     */
    public HttpResponse<String> call(String method, String path, String jsonBody) throws IOException, InterruptedException {
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        String type = jsonBody == null ? "" : "application/json";
        String signed = method + "\n" + type + "\n" + date + "\n" + path + "\n";
        String signature;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secretApiKey().getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            signature = Base64.getEncoder().encodeToString(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException error) {
            throw new IllegalStateException("HMAC-SHA256 is not available", error);
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(apiEndpoint().resolve(path)).timeout(Duration.ofSeconds(30))
            .header("Date", date).header("Authorization", "GCS v1HMAC:" + apiKeyId() + ":" + signature)
            .method(method, jsonBody == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(jsonBody));
        if (jsonBody != null) request.header("Content-Type", type);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * Moves the sandbox's test clock on by {@code seconds} ({@code POST /sandbox/v1/clock/advance}),
     * which settles the captures and refunds that are due ({@code --settle manual} or
     * {@code after:SECONDS}); the answer's body is {@code {"now": ISO 8601 sandbox time}}.
     */
    public HttpResponse<String> advanceClock(long seconds) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(apiEndpoint().resolve("/sandbox/v1/clock/advance")).timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"seconds\": " + seconds + "}")).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** Stops the sandbox (SIGTERM, as Ctrl-C; killed after 10 s) and its webhook receiver. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
        } catch (InterruptedException error) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        if (webhooks != null) webhooks.close();
    }
}
