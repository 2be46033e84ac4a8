import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import payform.junit.Json;
import payform.junit.PayformNotFoundException;
import payform.junit.PayformSandbox;
import payform.junit.Sandbox;
import payform.junit.WebhookReceiver;

/**
 * The payform-junit jar as a Java team uses it (Scripts/test/package-test.sh compiles this against the
 * jar and Debian's JUnit and runs it with the console launcher, no Swift toolchain on PATH, no
 * PAYFORM: the binary is found beside the jar). Payments are signed with the jar's own v1HMAC
 * call, as the official SDK signs them (no Maven registry here for the SDK itself).
 */
@ExtendWith(PayformSandbox.class)
class PackagedSandboxTest {
    static final String CARD = "{\"order\": {\"amountOfMoney\": {\"amount\": 1000, \"currencyCode\": \"EUR\"}}, "
        + "\"cardPaymentMethodSpecificInput\": {\"paymentProductId\": 1, \"card\": {\"cardNumber\": \"4111111111111111\", \"expiryDate\": \"1235\", \"cvv\": \"123\"}}}";

    @Test
    void theSandboxIsTheOneBesideTheJar(Sandbox sandbox) throws Exception {
        Path found = PayformSandbox.findPayform(System.getenv(), PayformSandbox.jarDirectory());
        assertEquals(PayformSandbox.jarDirectory().resolve("payform"), found);
        assertTrue(sandbox.apiEndpoint().toString().startsWith("http://127.0.0.1:"));
        assertTrue(!sandbox.merchantId().isEmpty() && !sandbox.apiKeyId().isEmpty() && !sandbox.secretApiKey().isEmpty());
        assertEquals(sandbox.apiEndpoint() + "/sandbox/v1/clock/advance", sandbox.clock().orElseThrow().get("advanceUrl"));
        assertEquals("immediate", sandbox.clock().orElseThrow().get("settle"));
        assertEquals(200, sandbox.advanceClock(60).statusCode());
    }

    @Test
    @SuppressWarnings("unchecked")
    void aSignedPaymentAndItsVerifiedWebhook(Sandbox sandbox) throws Exception {
        HttpResponse<String> created = sandbox.call("POST", "/v2/" + sandbox.merchantId() + "/payments", CARD);
        assertEquals(201, created.statusCode(), created.body());
        Map<String, Object> payment = (Map<String, Object>) Json.parseObject(created.body()).get("payment");
        assertEquals("PENDING_CAPTURE", payment.get("status"));
        WebhookReceiver webhooks = sandbox.webhooks().orElseThrow();
        // payment.created comes first, then the payment's status.
        WebhookReceiver.Webhook createdEvent = webhooks.awaitEvent(
            webhook -> "payment.created".equals(webhook.type()) && webhook.json().get("payment") instanceof Map
                && payment.get("id").equals(((Map<String, Object>) webhook.json().get("payment")).get("id")),
            Duration.ofSeconds(10));
        WebhookReceiver.Webhook event = webhooks.awaitEvent(
            webhook -> "payment.pending_capture".equals(webhook.type()) && webhook.json().get("payment") instanceof Map
                && payment.get("id").equals(((Map<String, Object>) webhook.json().get("payment")).get("id")),
            Duration.ofSeconds(10));
        assertEquals("payment.created", createdEvent.type());
        assertEquals("payment.pending_capture", event.type());
        assertEquals(0, webhooks.rejectedCount());
        assertEquals(404, sandbox.call("GET", "/v2/" + sandbox.merchantId() + "/payments/unknown", null).statusCode());
    }

    @Test
    void theHostedCheckoutPageComesFromTheBuiltInWebForm(Sandbox sandbox) throws Exception {
        HttpResponse<String> created = sandbox.call("POST", "/v2/" + sandbox.merchantId() + "/hostedcheckouts",
            "{\"order\": {\"amountOfMoney\": {\"amount\": 1500, \"currencyCode\": \"EUR\"}}, \"hostedCheckoutSpecificInput\": {\"returnUrl\": \"https://shop.example/back\"}}");
        assertEquals(201, created.statusCode(), created.body());
        String redirect = String.valueOf(Json.parseObject(created.body()).get("redirectUrl"));
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(redirect)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("src=\"/sandbox/v1/hostedcheckout.mjs\""), page.body());
        HttpResponse<byte[]> engine = http.send(HttpRequest.newBuilder(sandbox.apiEndpoint().resolve("/sandbox/v1/web/payform-form-engine.wasm")).build(),
                                                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, engine.statusCode());
        assertEquals("application/wasm", engine.headers().firstValue("Content-Type").orElse(""));
        assertTrue(Files.readString(sandbox.log()).contains("hosted checkout pages from the web form built into payform"));
    }

    @Test
    void noPayformIsAClearError(@TempDir Path folder) {
        PayformNotFoundException missing = assertThrows(PayformNotFoundException.class,
            () -> PayformSandbox.findPayform(Map.of("PATH", folder.toString()), folder.resolve("lib")));
        assertEquals("payform not found; looked at $PAYFORM (not set), PATH (" + folder + "), beside the jar (" + folder.resolve("lib/payform")
            + "). Set PAYFORM to the payform binary, put it on PATH, or put it beside the payform-junit jar.", missing.getMessage());
        PayformNotFoundException wrong = assertThrows(PayformNotFoundException.class,
            () -> PayformSandbox.findPayform(Map.of("PAYFORM", folder.resolve("nothing").toString()), null));
        assertEquals("payform not found: $PAYFORM is " + folder.resolve("nothing") + ": no such file", wrong.getMessage());
    }
}
