/** What a person types to sign in; sent once to the sign-in endpoint, never kept. */
export interface Credentials {
  userName: string;
  password: string;
}
