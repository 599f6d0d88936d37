/** PostgreSQL wire-protocol constants and messages the embedded server writes itself. */

export const MSG_TERMINATE = 0x58; // 'X'
export const MSG_READY_FOR_QUERY = 0x5a; // 'Z'
export const MSG_COPY_IN_RESPONSE = 0x47; // 'G'
export const STATUS_IDLE = 0x49; // 'I'

export function frontendMessage(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const b = Buffer.alloc(5 + body.length);
  b.write(type, 0, 'latin1');
  b.writeInt32BE(4 + body.length, 1);
  body.copy(b, 5);
  return b;
}

export const SYNC = frontendMessage('S');
export const ROLLBACK = frontendMessage('Q', Buffer.from('ROLLBACK\0', 'utf8'));
export const COPY_FAIL = frontendMessage('f', Buffer.from('client disconnected\0', 'utf8'));

/** A backend ErrorResponse. */
export function errorResponse(severity: 'FATAL' | 'ERROR', code: string, message: string): Buffer {
  const fields = Buffer.from(`S${severity}\0V${severity}\0C${code}\0M${message}\0\0`, 'utf8');
  const b = Buffer.alloc(5 + fields.length);
  b.write('E', 0, 'latin1');
  b.writeInt32BE(4 + fields.length, 1);
  fields.copy(b, 5);
  return b;
}
