import { IsBoolean, IsString } from 'class-validator';
import { Wire, WireRoot } from '../wire/declare';
import { IsCatalogName } from './rules';

/** A user account of the REST security endpoints; the password is only ever read, stored hashed. */
@WireRoot('user')
export class User {
  @IsCatalogName('user')
  @Wire({ kind: 'text', mergedByService: true })
  userName!: string;

  @IsString()
  @Wire({ kind: 'text', keepSpace: true, writeOnly: true, mergedByService: true, description: 'stored as an scrypt hash, never returned' })
  password?: string;

  @IsBoolean()
  @Wire({ kind: 'boolean', mergedByService: true })
  enabled!: boolean;
}
