import { Controller, Get, Param } from '@nestjs/common';
import { Delete, Post, Put } from '../rest/write-routes';
import { declaredRep, doc, list, recordRoutes, recordSegments, RepDocument, ROLES, User } from '@geocatalog/catalog-model';
import { AdminOnly } from '../auth/roles.decorator';
import { UserService, userTag, UserView } from '../auth/user.service';
import { readBody } from '../rest/catalog-body';
import { IfMatch, Links, RawBody, RequestBody } from '../rest/rest-params';
import { LinkBuilder } from '../rest/rest-request';
import { Created, Done, Tagged } from '../rest/rest-response';
import { Operation, OperationTag } from '../openapi/operation.decorator';
import { catalogBody, CREATED, DONE, ok } from '../openapi/operation-parts';
import { EXAMPLES } from '../openapi/examples';

/** `usergroup/user/:name`: a user's route, from the registry, below this controller's `rest/security`. */
const USER_ROUTE = recordRoutes('user')[0].replace(/^rest\/security\//, '');

function userRep(u: UserView) {
  return declaredRep(User, u);
}

/** GeoServer's security endpoints for users and roles; ADMIN only, passwords never returned. */
@AdminOnly()
@Controller('rest/security')
@OperationTag('security')
export class SecurityController {
  constructor(private readonly users: UserService) {}

  @Get('usergroup/users')
  @Operation({ operationId: 'listUsers', summary: 'List the users', success: ok('UserList') })
  async listUsers(): Promise<RepDocument> {
    return doc('users', list('user', (await this.users.list()).map(userRep), { bareJson: true }));
  }

  @Post('usergroup/users')
  @Operation({
    operationId: 'createUser',
    summary: 'Create a user',
    body: catalogBody('UserBody', EXAMPLES.userCreate),
    success: CREATED,
    throws: ['ALREADY_EXISTS'],
  })
  async createUser(@RequestBody() body: RawBody, @Links() links: LinkBuilder): Promise<Created> {
    const user = await this.users.create(readBody(body, User));
    return new Created(links.url(...recordSegments('user', { name: user.userName })), user.userName);
  }

  @Get(USER_ROUTE)
  @Operation({ operationId: 'getUser', summary: 'Read a user (never its password)', success: ok('User'), throws: ['NOT_FOUND'] })
  async getUser(@Param('name') name: string): Promise<Tagged> {
    const user = await this.users.get(name);
    return new Tagged(doc('user', userRep(user)), userTag(user));
  }

  @Put(USER_ROUTE)
  @Operation({
    operationId: 'updateUser',
    summary: 'Change a user’s password or enabled flag',
    body: catalogBody('UserBody', EXAMPLES.userUpdate),
    success: DONE,
    throws: ['NOT_FOUND', 'CONFLICT'],
  })
  async updateUser(@Param('name') name: string, @RequestBody() body: RawBody, @IfMatch() ifMatch: string | undefined): Promise<Done> {
    await this.users.update(name, readBody(body, User), ifMatch);
    return new Done();
  }

  /** GeoServer modifies a user with POST here; geoserver-node-client and geoserver-rest do so. */
  @Post(USER_ROUTE)
  @Operation({
    operationId: 'modifyUser',
    summary: 'Change a user, as GeoServer does it (POST; the same as PUT)',
    body: catalogBody('UserBody', EXAMPLES.userUpdate),
    success: DONE,
    throws: ['NOT_FOUND', 'CONFLICT'],
  })
  modifyUser(@Param('name') name: string, @RequestBody() body: RawBody, @IfMatch() ifMatch: string | undefined): Promise<Done> {
    return this.updateUser(name, body, ifMatch);
  }

  @Delete(USER_ROUTE)
  @Operation({
    operationId: 'deleteUser',
    summary: 'Delete a user (not the last enabled ADMIN: 409)',
    success: DONE,
    throws: ['NOT_FOUND', 'CONFLICT'],
  })
  async deleteUser(@Param('name') name: string, @IfMatch() ifMatch: string | undefined): Promise<Done> {
    await this.users.delete(name, ifMatch);
    return new Done();
  }

  @Get('roles')
  @Operation({ operationId: 'listRoles', summary: 'List the roles', success: ok('RoleList') })
  listRoles(): RepDocument {
    return doc('roles', list('role', [...ROLES], { bareJson: true }));
  }

  @Get('roles/user/:name')
  @Operation({ operationId: 'listUserRoles', summary: 'List a user’s roles', success: ok('RoleList'), throws: ['NOT_FOUND'] })
  async userRoles(@Param('name') name: string): Promise<RepDocument> {
    return doc('roles', list('role', (await this.users.get(name)).roles, { bareJson: true }));
  }

  @Post('roles/role/:role/user/:name')
  @Operation({ operationId: 'grantRole', summary: 'Give a user a role', success: DONE, throws: ['NOT_FOUND'] })
  async grant(@Param('role') role: string, @Param('name') name: string): Promise<Done> {
    await this.users.setRole(role, name, true);
    return new Done();
  }

  @Delete('roles/role/:role/user/:name')
  @Operation({
    operationId: 'revokeRole',
    summary: 'Take a role from a user (not ADMIN from the last enabled ADMIN: 409)',
    success: DONE,
    throws: ['NOT_FOUND', 'CONFLICT'],
  })
  async revoke(@Param('role') role: string, @Param('name') name: string): Promise<Done> {
    await this.users.setRole(role, name, false);
    return new Done();
  }
}
