package payform.junit;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A loopback endpoint for the sandbox's webhooks that checks each post's {@code X-GCS-KeyId} and
 * {@code X-GCS-Signature} (base64 of HMAC-SHA256 of the body under the webhook secret): verified
 * posts are kept in order ({@link #events()}), others answered 401 and counted.
 */
public final class WebhookReceiver implements AutoCloseable {
    private static final int MAX_BODY = 1 << 20;
    private final HttpServer server;
    private final List<Webhook> events = new ArrayList<>();
    private int rejected;
    private volatile String keyId;
    private volatile byte[] secret;

    /** One verified post: its body as text and as parsed JSON. */
    public static final class Webhook {
        private final String body;
        private final Map<String, Object> json;

        Webhook(String body) {
            this.body = body;
            this.json = Json.parseObject(body);
        }

        /** The body as it came (what an SDK's WebhooksHelper unmarshals). */
        public String body() { return body; }

        /** The body as JSON ({@code type}, {@code id}, {@code payment}, ...). */
        public Map<String, Object> json() { return json; }

        /** The event's {@code type} ({@code payment.pending_capture}, ...). */
        public String type() { return String.valueOf(json.get("type")); }

        @Override
        public String toString() { return "Webhook(" + type() + ")"; }
    }

    WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            try {
                if (!"POST".equals(exchange.getRequestMethod())) {
                    exchange.sendResponseHeaders(200, -1);
                    return;
                }
                byte[] body;
                try (InputStream input = exchange.getRequestBody()) {
                    body = input.readNBytes(MAX_BODY + 1);
                }
                if (body.length > MAX_BODY) {
                    exchange.sendResponseHeaders(413, -1);
                    return;
                }
                boolean verified = receive(body, exchange.getRequestHeaders().getFirst("X-GCS-KeyId"),
                                           exchange.getRequestHeaders().getFirst("X-GCS-Signature"));
                exchange.sendResponseHeaders(verified ? 204 : 401, -1);
            } finally {
                exchange.close();
            }
        });
        server.start();
    }

    void setKey(String keyId, String secret) {
        this.keyId = keyId;
        this.secret = secret.getBytes(StandardCharsets.UTF_8);
    }

    private boolean receive(byte[] body, String postedKeyId, String signature) {
        boolean verified = false;
        if (secret != null && keyId != null && keyId.equals(postedKeyId) && signature != null) {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(secret, "HmacSHA256"));
                byte[] expected = Base64.getEncoder().encode(mac.doFinal(body));
                verified = MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII));
            } catch (java.security.GeneralSecurityException error) {
                verified = false;
            }
        }
        synchronized (this) {
            if (verified) {
                try {
                    events.add(new Webhook(new String(body, StandardCharsets.UTF_8)));
                } catch (IllegalArgumentException error) {
                    verified = false;
                }
            }
            if (!verified) rejected++;
            notifyAll();
        }
        return verified;
    }

    /** What {@code payform sandbox --webhook-url} is given. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/webhooks";
    }

    /** The verified posts so far, in order. */
    public synchronized List<Webhook> events() {
        return new ArrayList<>(events);
    }

    /** How many posts failed the signature check. */
    public synchronized int rejectedCount() {
        return rejected;
    }

    /**
     * The first verified post that {@code matches}, waiting up to {@code timeout}; an
     * {@link AssertionError} listing the types received when none came.
     */
    public synchronized Webhook awaitEvent(Predicate<Webhook> matches, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            for (Webhook event : events) {
                if (matches.test(event)) return event;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no matching webhook within " + timeout.toMillis() + " ms; received " + events + ", rejected " + rejected);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
