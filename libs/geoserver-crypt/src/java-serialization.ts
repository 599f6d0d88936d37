import { ByteReader, decodeModifiedUtf8 } from './byte-reader';

/**
 * Just enough of Java's object serialization stream format (java.io.ObjectInputStream) to read the
 * plain `Serializable` objects a JCEKS key store holds (`SealedObject`, `SecretKeySpec`): objects,
 * class descriptors, strings, arrays, back references, and class annotations or `writeObject`
 * data (skipped). Nothing is instantiated: an object is its class name and its field values.
 */
export type JavaValue = null | boolean | number | bigint | string | Uint8Array | JavaObject | JavaArray;

export interface JavaObject {
  kind: 'object';
  className: string;
  /** The serialized fields of the class and its superclasses, by name. */
  fields: Map<string, JavaValue>;
}

export interface JavaArray {
  kind: 'array';
  className: string;
  /** Arrays of objects; primitive arrays other than `byte[]` are skipped and read as `null` entries. */
  items: JavaValue[];
}

interface FieldDesc {
  type: string;
  name: string;
}

interface ClassDesc {
  kind: 'class';
  name: string;
  flags: number;
  fields: FieldDesc[];
  superDesc: ClassDesc | null;
}

type Handle = ClassDesc | Exclude<JavaValue, null | boolean | number | bigint>;

const STREAM_MAGIC = 0xaced;
const STREAM_VERSION = 5;
const BASE_HANDLE = 0x7e0000;
const MAX_DEPTH = 32;

const TC_NULL = 0x70;
const TC_REFERENCE = 0x71;
const TC_CLASSDESC = 0x72;
const TC_OBJECT = 0x73;
const TC_STRING = 0x74;
const TC_ARRAY = 0x75;
const TC_BLOCKDATA = 0x77;
const TC_ENDBLOCKDATA = 0x78;
const TC_BLOCKDATALONG = 0x7a;
const TC_LONGSTRING = 0x7c;

const SC_WRITE_METHOD = 0x01;
const SC_SERIALIZABLE = 0x02;
const SC_EXTERNALIZABLE = 0x04;

/** Byte sizes of the primitive field and array element types. */
const PRIMITIVE_SIZE: Record<string, number> = { B: 1, Z: 1, C: 2, S: 2, I: 4, F: 4, J: 8, D: 8 };

function isClassDesc(handle: Handle): handle is ClassDesc {
  return typeof handle === 'object' && !(handle instanceof Uint8Array) && handle.kind === 'class';
}

/** Reads one serialization stream (header and one object) from the reader's position. */
export function readJavaObject(reader: ByteReader): JavaValue {
  if (reader.u16('serialization stream header') !== STREAM_MAGIC) throw new Error('a Java serialization stream was expected (magic AC ED)');
  const version = reader.u16('serialization stream version');
  if (version !== STREAM_VERSION) throw new Error(`Java serialization stream version ${version} is not 5`);
  return new StreamReader(reader).content(0);
}

class StreamReader {
  private readonly handles: Handle[] = [];

  constructor(private readonly r: ByteReader) {}

  content(depth: number): JavaValue {
    if (depth > MAX_DEPTH) throw new Error('the serialized object is nested too deeply');
    const tc = this.r.u8('serialized type code');
    switch (tc) {
      case TC_NULL:
        return null;
      case TC_REFERENCE: {
        const target = this.reference();
        if (isClassDesc(target)) throw new Error('a serialized value refers to a class descriptor');
        return target;
      }
      case TC_STRING:
        return this.remember(this.r.utf('serialized string'));
      case TC_LONGSTRING: {
        const high = this.r.i32('long string length');
        const low = this.r.i32('long string length') >>> 0;
        if (high !== 0) throw new Error('a serialized string is longer than the data');
        return this.remember(decodeModifiedUtf8(this.r.take(low, 'serialized long string'), 'a serialized long string'));
      }
      case TC_ARRAY:
        return this.array(depth);
      case TC_OBJECT:
        return this.object(depth);
      default:
        throw new Error(`unsupported serialized type code 0x${tc.toString(16)}`);
    }
  }

  private remember<T extends Handle>(value: T): T {
    this.handles.push(value);
    return value;
  }

  private reference(): Handle {
    const index = this.r.i32('serialized reference') - BASE_HANDLE;
    const target = this.handles[index];
    if (index < 0 || target === undefined) throw new Error('a serialized reference points nowhere');
    return target;
  }

  private classDesc(depth: number): ClassDesc | null {
    if (depth > MAX_DEPTH) throw new Error('the serialized class hierarchy is nested too deeply');
    const tc = this.r.u8('serialized class descriptor');
    if (tc === TC_NULL) return null;
    if (tc === TC_REFERENCE) {
      const target = this.reference();
      if (!isClassDesc(target)) throw new Error('a serialized class reference points to a value');
      return target;
    }
    if (tc !== TC_CLASSDESC) throw new Error(`a serialized class descriptor was expected, found type code 0x${tc.toString(16)}`);
    const desc: ClassDesc = { kind: 'class', name: this.r.utf('class name'), flags: 0, fields: [], superDesc: null };
    this.r.take(8, 'serialVersionUID');
    this.remember(desc);
    desc.flags = this.r.u8('class flags');
    const count = this.r.u16('field count');
    for (let i = 0; i < count; i++) {
      const type = String.fromCharCode(this.r.u8('field type'));
      const name = this.r.utf('field name');
      if (type === '[' || type === 'L') {
        if (typeof this.content(depth + 1) !== 'string') throw new Error(`the type of serialized field ${name} is not a string`);
      } else if (!(type in PRIMITIVE_SIZE)) {
        throw new Error(`serialized field ${name} has an unknown type '${type}'`);
      }
      desc.fields.push({ type, name });
    }
    this.skipAnnotation(depth);
    desc.superDesc = this.classDesc(depth + 1);
    return desc;
  }

  private object(depth: number): JavaObject {
    const desc = this.classDesc(depth + 1);
    if (!desc) throw new Error('a serialized object has no class');
    const object = this.remember<JavaObject>({ kind: 'object', className: desc.name, fields: new Map() });
    const chain: ClassDesc[] = [];
    for (let d: ClassDesc | null = desc; d; d = d.superDesc) {
      if (chain.includes(d) || chain.length > MAX_DEPTH) throw new Error('a serialized class is its own superclass');
      chain.unshift(d);
    }
    for (const d of chain) {
      if (d.flags & SC_EXTERNALIZABLE) throw new Error(`serialized class ${d.name} is Externalizable, which is not read here`);
      if (!(d.flags & SC_SERIALIZABLE)) continue;
      for (const field of d.fields) object.fields.set(field.name, this.fieldValue(field.type, depth));
      if (d.flags & SC_WRITE_METHOD) this.skipAnnotation(depth);
    }
    return object;
  }

  private fieldValue(type: string, depth: number): JavaValue {
    if (type === '[' || type === 'L') return this.content(depth + 1);
    const bytes = this.r.take(PRIMITIVE_SIZE[type], `serialized ${type} field`);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    switch (type) {
      case 'B':
        return view.getInt8(0);
      case 'Z':
        return bytes[0] !== 0;
      case 'C':
      case 'S':
        return view.getInt16(0);
      case 'I':
        return view.getInt32(0);
      case 'F':
        return view.getFloat32(0);
      case 'J':
        return view.getBigInt64(0);
      default:
        return view.getFloat64(0);
    }
  }

  private array(depth: number): JavaValue {
    const desc = this.classDesc(depth + 1);
    if (!desc || !desc.name.startsWith('[')) throw new Error('a serialized array has no array class');
    const index = this.handles.length;
    this.remember<JavaArray>({ kind: 'array', className: desc.name, items: [] });
    const length = this.r.i32('array length');
    if (length < 0) throw new Error('a serialized array has a negative length');
    const element = desc.name.charAt(1);
    if (element === 'B') {
      const bytes = this.r.take(length, 'byte array');
      this.handles[index] = bytes;
      return bytes;
    }
    const array = this.handles[index] as JavaArray;
    if (element in PRIMITIVE_SIZE) {
      this.r.take(length * PRIMITIVE_SIZE[element], 'primitive array');
      return array;
    }
    // Each element takes at least one byte, so a length beyond the data fails at the first missing one.
    for (let i = 0; i < length; i++) array.items.push(this.content(depth + 1));
    return array;
  }

  /** Class annotations and `writeObject` data: block data and objects up to TC_ENDBLOCKDATA. */
  private skipAnnotation(depth: number): void {
    for (;;) {
      const tc = this.r.peek('end of annotation');
      if (tc === TC_ENDBLOCKDATA) {
        this.r.u8('end of annotation');
        return;
      }
      if (tc === TC_BLOCKDATA) {
        this.r.u8('block data');
        this.r.take(this.r.u8('block data length'), 'block data');
      } else if (tc === TC_BLOCKDATALONG) {
        this.r.u8('block data');
        this.r.sizedBytes('block data');
      } else {
        this.content(depth + 1);
      }
    }
  }
}
