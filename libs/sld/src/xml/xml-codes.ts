/** Character codes the XML parser compares against. */
export const LT = 0x3c;
export const GT = 0x3e;
export const AMP = 0x26;
export const SLASH = 0x2f;
export const BANG = 0x21;
export const QUESTION = 0x3f;
export const EQUALS = 0x3d;
export const DOUBLE_QUOTE = 0x22;
export const SINGLE_QUOTE = 0x27;
export const HASH = 0x23;
export const SEMICOLON = 0x3b;
export const COLON = 0x3a;
export const RIGHT_BRACKET = 0x5d;
export const LF = 0x0a;
export const CR = 0x0d;
export const TAB = 0x09;
export const LOWER_X = 0x78;
