/**
 * How the connector gets a store's password in clear, at connect time and nowhere else. The
 * catalog provides it (it holds the key and knows which store a value was made for); the
 * connector never imports the catalog's cipher.
 */
export abstract class StoreSecrets {
  /**
   * The clear text of a stored password value (`crypt2:…` made for this store, or plain text of
   * an unsaved connection test); throws when the value was not made for this store and server.
   */
  abstract clearPassword(value: string, store: { workspace: string; store: string; params: Record<string, string> } | undefined): string;
}
