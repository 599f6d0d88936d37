/** Java's `String.hashCode()`: 31-based over UTF-16 code units, as a 32-bit int. */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * The iteration order of a `java.util.HashMap` filled with these keys in this order: ascending
 * bucket (`(h ^ h >>> 16) & (capacity - 1)`), insertion order within a bucket; the capacity starts
 * at 16 and doubles past a 0.75 load. GeoServer writes connection parameters in this order, and
 * clients that compare documents see the same order here.
 */
export function javaHashMapOrder(keys: string[]): string[] {
  let capacity = 16;
  while (keys.length > capacity * 0.75) capacity *= 2;
  const bucket = (k: string) => {
    const h = javaStringHash(k);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return keys
    .map((key, index) => ({ key, index, bucket: bucket(key) }))
    .sort((a, b) => a.bucket - b.bucket || a.index - b.index)
    .map((e) => e.key);
}
