// Types of payform-form.mjs: the web payment form. Checked against Web/test/types/consumer.mts in
// CI (tsc --strict), so a TypeScript checkout gets these, not `any`.

/** An error from the engine, the form or the Client API, with its stable code. */
export class PaymentFormError extends Error {
  constructor(code: string, message: string);
  readonly name: "PaymentFormError";
  /** `usage`, `engine_failed`, `client_api`, `encryption_failed`, `encryption_unavailable`, or an engine error code. */
  readonly code: string;
}

/** The four values of a client session, as the merchant's server got them from the Server API. */
export interface ClientSession {
  clientApiUrl: string;
  assetUrl: string;
  customerId: string;
  clientSessionId: string;
}

/** The payment context the Client API calls carry. */
export interface PaymentContext {
  amount: number;
  currency: string;
  countryCode: string;
  /** The Client API's locale (`fr_FR`); the form's texts follow {@link MountOptions.locale}. */
  locale?: string;
  isRecurring?: boolean;
}

/** A Client API product or product group definition (its JSON). */
export type Definition = { id: string | number; [member: string]: unknown };

/** The Client API's public-key answer. */
export interface PublicKey {
  keyId: string;
  publicKey: string;
}

/** What every mount takes; {@link MountOptions} says which kinds of mount there are. */
export interface BaseMountOptions {
  /** The product or group definition; or give `session` and `groupId` or `productId`. */
  product?: Definition | string;
  /** The product group to fetch through the session: `"cards"` takes every card. */
  groupId?: string;
  /** The product to fetch through the session. */
  productId?: string | number;
  /** The merchant's other products, full definitions (fetched through the session by default). */
  products?: Definition[];
  /** The language of the form's texts (default: the page's `lang`, then en). */
  locale?: string;
  /** The merchant's own wording per language, `{fr: {pay: "Régler"}}`, over the form's texts id by id. */
  texts?: Record<string, Record<string, string>>;
  /** The co-badge brand to pre-select when a card offers it (default: the one the card lists first). */
  preferredBrand?: string;
  accountOnFile?: string | number;
  appIdentifier?: string;
  /** The current month `YYYY-MM` for expiry checks (default: the browser's clock, UTC). */
  now?: string;
  assetUrl?: string;
  /** Draw a localized Pay button that calls submit() (also on Enter, unless submitrequest is prevented). */
  submitButton?: boolean;
  wasmUrl?: URL | string;
  stylesheet?: URL | string;
  /** Answers IIN lookups without a session. */
  lookupIIN?: (bin: string) => Promise<object>;
  fetch?: typeof fetch;
}

/** With the client session from the merchant's server: the payment context is required. */
export interface SessionMountOptions extends BaseMountOptions {
  session: ClientSession;
  /** The order's context, which every Client API call carries. */
  context: PaymentContext;
  /** The key to encrypt with (default: fetched through the session). */
  publicKey?: PublicKey | string;
  /** The session id the encrypted request carries (default: the session's). */
  clientSessionId?: string;
}

/** Without a session, with a public key and a session id: the request is encrypted. */
export interface KeyMountOptions extends BaseMountOptions {
  session?: undefined;
  publicKey: PublicKey | string;
  clientSessionId: string;
  context?: PaymentContext;
}

/** Without a session or a key: the form validates, nothing is encrypted. */
export interface PlainMountOptions extends BaseMountOptions {
  session?: undefined;
  publicKey?: undefined;
  clientSessionId?: string;
  context?: PaymentContext;
}

/** Options of {@link mountPaymentForm}: a mount with a session, with a key, or with neither. */
export type MountOptions = SessionMountOptions | KeyMountOptions | PlainMountOptions;

/** The field ids of the platform's card and account products; any other id a definition names fits too. */
export type FieldId =
  | "cardNumber" | "expiryDate" | "cvv" | "cardholderName" | "iban" | "accountHolderName" | "bic"
  | "emailAddress" | "issuerId" | "termsAndConditions"
  | (string & {});

/** The brand ids of the shipped brand table; any id a newer table names fits too. */
export type BrandId =
  | "visa" | "mastercard" | "american-express" | "diners-club" | "discover" | "troy" | "jcb" | "unionpay" | "naranja"
  | "verve" | "maestro" | "elo" | "mir" | "hiper" | "hipercard" | "rupay" | "dankort" | "bancontact" | "mada" | "uatp"
  | "cartes-bancaires" | "eftpos" | "interac"
  | (string & {});

/** One error of an invalid form. */
export interface FieldError {
  fieldId: string;
  errorId: string;
  message: string;
  [parameter: string]: unknown;
}

/**
 * What {@link PaymentForm.submit} resolves to. `Encrypted` is `string` for a form mounted with a
 * session or with a key and session id (its request is always encrypted), else `string | null`.
 */
export type SubmitResult<Encrypted extends string | null = string | null> =
  | { valid: false; errors: FieldError[] }
  | {
      valid: true;
      /** The product the card number and the customer's co-badge choice named. */
      paymentProductId: number;
      /** The encrypted request for the merchant's server. */
      encryptedCustomerInput: Encrypted;
      encodedClientMetaInfo: Encrypted;
      accountOnFileId?: number;
    };

/** The product (or group) a form is on. */
export interface ShownProduct {
  id: string;
  label: string;
  logo: string | null;
  kind: "product" | "group";
}

/** The events of a form and what each carries (never what was typed). */
export interface PaymentFormEventMap {
  ready: CustomEvent<{ product: ShownProduct }>;
  focus: CustomEvent<{ field: FieldId }>;
  blur: CustomEvent<{ field: FieldId }>;
  /** One of these changed for a field (never twice the same in a row). */
  change: CustomEvent<{ field: FieldId; state: "valid" | "incomplete" | "invalid"; complete: boolean; empty: boolean; errorId: string | null }>;
  brand: CustomEvent<{ brand: BrandId | null; brands: BrandId[]; options: BrandId[]; product: string }>;
  iin: CustomEvent<{ bin: string }>;
  valid: CustomEvent<{ valid: boolean }>;
  /** Enter in a field; cancelable. Not cancelled, it submits the page's `<form>` around the element, else pays with the Pay button. */
  submitrequest: CustomEvent<{ field: FieldId }>;
  submit: CustomEvent<SubmitResult>;
  /** A Client API call, the engine or the encryption failed; `card_undecided` (with `field`): at submit, the card number named no product. */
  error: CustomEvent<{ code: string; message: string; field?: string }>;
}

/** The same events on the element, bubbling out of the shadow root, named `payform-<type>`. */
export type PaymentFormElementEventMap = {
  [K in keyof PaymentFormEventMap as `payform-${K}`]: PaymentFormEventMap[K];
};

declare global {
  // element.addEventListener("payform-brand", (e) => e.detail.brand) is typed.
  interface HTMLElementEventMap extends PaymentFormElementEventMap {}
}

/** A mounted form; `Encrypted` is what its submit result's encrypted members are (see {@link SubmitResult}). */
export class PaymentForm<Encrypted extends string | null = string | null> extends EventTarget {
  /** The language the form's texts are in. */
  readonly lang: string;
  /** Whether the whole form validates now. */
  readonly valid: boolean;
  readonly product: ShownProduct;
  /** The card's brand: the co-badge brand that pays, else the one detected. */
  readonly brand: BrandId | null;
  submit(): Promise<SubmitResult<Encrypted>>;
  /** Moves the focus to a field (default: the first); a field the form lacks throws `usage`. */
  focus(field?: FieldId): void;
  /** Takes the focus out of the form. */
  blur(): void;
  /** Empties a field, or every field: after a decline, `clear("cvv")` then `focus("cardNumber")`. */
  clear(field?: FieldId): void;
  /** Changes what a mounted form allows: `disabled` (every input and the Pay button). */
  update(options: { disabled?: boolean }): void;
  /** Sends one event of the form protocol (as `payform form` reads them); returns the engine's answer. */
  send(event: { event: string; [member: string]: unknown }): any;
  selectAccountOnFile(id: string | number | null): any;
  destroy(): void;
  addEventListener<K extends keyof PaymentFormEventMap>(type: K, listener: (event: PaymentFormEventMap[K]) => void,
                                                         options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof PaymentFormEventMap>(type: K, listener: (event: PaymentFormEventMap[K]) => void,
                                                            options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void;
}

/** Mounts a payment form into `element` (a shadow root is attached). */
export function mountPaymentForm(element: Element, options: SessionMountOptions | KeyMountOptions): Promise<PaymentForm<string>>;
export function mountPaymentForm(element: Element, options: MountOptions): Promise<PaymentForm>;
/** Language tags whose texts are another language's (`iw` → `he`, `zh-TW` → `zh-Hant`), as the engine reads them. */
export const LANGUAGE_ALIASES: Readonly<Record<string, string>>;
/** Starts loading the engine (and the texts of `locale`) ahead of the first form; resolves once it is compiled and warmed up. */
export function loadPaymentFormEngine(options?: { wasmUrl?: URL | string; locale?: string; fetch?: typeof fetch }): Promise<void>;
/** The JWE compact token of a submit's `encrypt`, with WebCrypto. */
export function encryptPayload(input: { alg: string; header: string; key: { n: string; e: string }; payload: string }): Promise<string>;
