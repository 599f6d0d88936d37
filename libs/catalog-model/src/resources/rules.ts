/**
 * Validation rules the declarations share, as class-validator decorators: the catalog's name rule,
 * carrying the CatalogError code its refusal maps to.
 */
import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { NamedKind, nameProblem, normalizeName } from '../names';

/**
 * The catalog name rule ({@link nameProblem}), refused with the message `checkName` gives; names
 * in `reserved` are refused as reserved words.
 */
export function IsCatalogName(kind: NamedKind, reserved: readonly string[] = [], options: ValidationOptions = {}): PropertyDecorator {
  return (prototype, property) =>
    registerDecorator({
      name: 'isCatalogName',
      target: prototype.constructor,
      propertyName: String(property),
      options: { ...options, context: { code: 'INVALID_NAME' } },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && nameProblem(value) === null && !reserved.includes(normalizeName(value)),
        defaultMessage: (args?: ValidationArguments) => {
          const value = typeof args?.value === 'string' ? args.value : String(args?.value);
          const problem = typeof args?.value === 'string' ? (nameProblem(value) ?? 'it is a reserved word') : 'it is not text';
          return `Invalid ${kind} name '${value}': ${problem}`;
        },
      },
    });
}
