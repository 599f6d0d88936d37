/**
 * Validation rules the declarations share, as class-validator decorators: the catalog's name rule
 * and "required when creating". Each carries the CatalogError code its refusal maps to.
 */
import { IsDefined, registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { NamedKind, nameProblem, normalizeName } from '../names';

/** Validation group of rules that hold only when a record is created (POST). */
export const ON_CREATE = 'create';

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

/** Required when creating: `The {owner} has no {element}; it is required`. */
export function RequiredOnCreate(owner: string, element: string): PropertyDecorator {
  return IsDefined({ groups: [ON_CREATE], message: `The ${owner} has no ${element}; it is required`, context: { code: 'MISSING_FIELD' } });
}
