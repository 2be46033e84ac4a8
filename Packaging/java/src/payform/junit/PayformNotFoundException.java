package payform.junit;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/** No {@code payform} binary where {@link PayformSandbox} looked; the message names each place. */
public final class PayformNotFoundException extends ExtensionConfigurationException {
    private static final long serialVersionUID = 1L;

    PayformNotFoundException(String message) {
        super(message);
    }
}
