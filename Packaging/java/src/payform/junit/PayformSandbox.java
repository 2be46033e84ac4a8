package payform.junit;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.CodeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The JUnit 5 extension that runs {@code payform sandbox} for a test run:
 *
 * <pre>{@code
 * @ExtendWith(PayformSandbox.class)
 * class PaymentsTest {
 *     @Test
 *     void pays(Sandbox sandbox) {
 *         Client client = Factory.createClient(new CommunicatorConfiguration()
 *             .withApiEndpoint(sandbox.apiEndpoint()).withApiKeyId(sandbox.apiKeyId())
 *             .withSecretApiKey(sandbox.secretApiKey()).withAuthorizationType(AuthorizationType.V1HMAC) ...);
 *         ...
 *     }
 * }
 * }</pre>
 *
 * <p>One sandbox for the whole run (started by the first class that uses the extension, stopped
 * when the run ends), on a free port, with a webhook receiver; a {@link Sandbox} parameter of a
 * test, a constructor or a {@code @BeforeAll} method gets it. {@code payform} is the one named by
 * the {@code PAYFORM} environment variable (which must then name it), else on {@code PATH}, else beside this jar; when none
 * is found, {@link PayformNotFoundException} names each place looked at. The system properties
 * {@code payform.sandbox.args} (more options, separated by spaces) and {@code payform.webhooks}
 * ({@code false}: no receiver) change how it starts.
 */
public final class PayformSandbox implements BeforeAllCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(PayformSandbox.class);

    /** The extension; JUnit makes it for {@code @ExtendWith(PayformSandbox.class)}. */
    public PayformSandbox() {}

    /** Holds the run's sandbox in the root store, so JUnit closes it when the run ends. */
    private static final class Running implements ExtensionContext.Store.CloseableResource {
        final Sandbox sandbox;

        Running(Sandbox sandbox) {
            this.sandbox = sandbox;
        }

        @Override
        public void close() {
            sandbox.close();
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        sandbox(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Sandbox.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return sandbox(context);
    }

    /** The run's sandbox, started on first use. */
    public static Sandbox sandbox(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(Running.class, key -> start(), Running.class).sandbox;
    }

    private static Running start() {
        Path payform = findPayform(System.getenv(), jarDirectory());
        List<String> arguments = new ArrayList<>();
        for (String argument : System.getProperty("payform.sandbox.args", "").trim().split("\\s+")) {
            if (!argument.isEmpty()) arguments.add(argument);
        }
        boolean webhooks = !"false".equalsIgnoreCase(System.getProperty("payform.webhooks", "true"));
        try {
            return new Running(Sandbox.start(payform, arguments, webhooks, Duration.ofSeconds(60)));
        } catch (IOException | IllegalStateException error) {
            throw new ExtensionConfigurationException("payform sandbox did not start (" + payform + "): " + error.getMessage(), error);
        }
    }

    /** The folder of the jar this class was loaded from, or {@code null}. */
    public static Path jarDirectory() {
        try {
            CodeSource source = PayformSandbox.class.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) return null;
            Path location = Paths.get(source.getLocation().toURI());
            return Files.isDirectory(location) ? location : location.getParent();
        } catch (URISyntaxException | SecurityException | IllegalArgumentException error) {
            return null;
        }
    }

    /**
     * The {@code payform} to run: {@code $PAYFORM} (of {@code environment}; when it is set, it
     * must name an executable file), else the first {@code payform} on {@code PATH}, else the
     * one in {@code besideJar}; a {@link PayformNotFoundException} naming each place otherwise.
     */
    public static Path findPayform(Map<String, String> environment, Path besideJar) {
        String named = environment.get("PAYFORM");
        if (named != null && !named.isEmpty()) {
            Path path = Paths.get(named);
            if (Files.isRegularFile(path) && Files.isExecutable(path)) return path;
            throw new PayformNotFoundException("payform not found: $PAYFORM is " + named + ": "
                + (Files.isRegularFile(path) ? "not executable" : "no such file"));
        }
        String path = environment.getOrDefault("PATH", "");
        for (String directory : path.split(java.io.File.pathSeparator)) {
            if (directory.isEmpty()) continue;
            Path candidate = Paths.get(directory, "payform");
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) return candidate;
        }
        String beside = "its folder is unknown";
        if (besideJar != null) {
            Path candidate = besideJar.resolve("payform");
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) return candidate;
            beside = candidate.toString();
        }
        throw new PayformNotFoundException("payform not found; looked at $PAYFORM (not set), PATH (" + path + "), beside the jar ("
            + beside + "). Set PAYFORM to the payform binary, put it on PATH, or put it beside the payform-junit jar.");
    }
}
