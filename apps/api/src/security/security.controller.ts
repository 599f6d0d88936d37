import { Controller, Get, Param } from '@nestjs/common';
import { Delete, Post, Put } from '../rest/write-routes';
import { declaredRep, doc, list, recordRoutes, recordSegments, RepDocument, User } from '@geocatalog/catalog-model';
import { RoleService } from '../auth/role.service';
import { GroupService } from '../auth/group.service';
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
  constructor(
    private readonly users: UserService,
    private readonly roles: RoleService,
    private readonly groups: GroupService,
  ) {}

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
  @Operation({ operationId: 'listRoles', summary: 'List the roles (the built-in ADMIN and READER, and custom ones)', success: ok('RoleList') })
  async listRoles(): Promise<RepDocument> {
    return doc('roles', list('role', await this.roles.list(), { bareJson: true }));
  }

  @Post('roles/role/:role')
  @Operation({
    operationId: 'createRole',
    examples: { role: 'EDITOR' },
    summary: 'Create a custom role (upper case)',
    success: CREATED,
    throws: ['ALREADY_EXISTS', 'INVALID_NAME'],
  })
  async createRole(@Param('role') role: string, @Links() links: LinkBuilder): Promise<Created> {
    const name = await this.roles.create(role);
    return new Created(links.url('security', 'roles', 'role', name), name);
  }

  @Delete('roles/role/:role')
  @Operation({
    operationId: 'deleteRole',
    examples: { role: 'EDITOR' },
    summary: 'Delete a custom role, and every grant of it (ADMIN and READER: 409)',
    success: DONE,
    throws: ['NOT_FOUND', 'CONFLICT'],
  })
  async deleteRole(@Param('role') role: string): Promise<Done> {
    await this.roles.delete(role);
    return new Done();
  }

  @Get('roles/user/:name')
  @Operation({ operationId: 'listUserRoles', summary: 'List a user’s own roles (not its groups’)', success: ok('RoleList'), throws: ['NOT_FOUND'] })
  async userRoles(@Param('name') name: string): Promise<RepDocument> {
    return doc('roles', list('role', (await this.users.get(name)).roles, { bareJson: true }));
  }

  @Get('roles/group/:usergroup')
  @Operation({ operationId: 'listGroupRoles', summary: 'List the roles a user group gives its members', success: ok('RoleList'), throws: ['NOT_FOUND'] })
  async groupRoles(@Param('usergroup') group: string): Promise<RepDocument> {
    return doc('roles', list('role', await this.roles.ofGroup(group), { bareJson: true }));
  }

  @Post('roles/role/:role/group/:usergroup')
  @Operation({ operationId: 'grantGroupRole', summary: 'Give a user group a role (not ADMIN: 409)', success: DONE, throws: ['NOT_FOUND', 'CONFLICT'] })
  async grantGroup(@Param('role') role: string, @Param('usergroup') group: string): Promise<Done> {
    await this.roles.setGroupRole(role, group, true);
    return new Done();
  }

  @Delete('roles/role/:role/group/:usergroup')
  @Operation({ operationId: 'revokeGroupRole', summary: 'Take a role from a user group', success: DONE, throws: ['NOT_FOUND', 'CONFLICT'] })
  async revokeGroup(@Param('role') role: string, @Param('usergroup') group: string): Promise<Done> {
    await this.roles.setGroupRole(role, group, false);
    return new Done();
  }

  @Get('usergroup/groups')
  @Operation({ operationId: 'listGroups', summary: 'List the user groups', success: ok('GroupList') })
  async listGroups(): Promise<RepDocument> {
    return doc('groups', list('group', await this.groups.list(), { bareJson: true }));
  }

  @Post('usergroup/group/:usergroup')
  @Operation({ operationId: 'createGroup', summary: 'Create a user group', success: CREATED, throws: ['ALREADY_EXISTS', 'INVALID_NAME'] })
  async createGroup(@Param('usergroup') group: string, @Links() links: LinkBuilder): Promise<Created> {
    const name = await this.groups.create(group);
    return new Created(links.url('security', 'usergroup', 'group', name), name);
  }

  @Delete('usergroup/group/:usergroup')
  @Operation({ operationId: 'deleteGroup', summary: 'Delete a user group (its members keep their own roles)', success: DONE, throws: ['NOT_FOUND'] })
  async deleteGroup(@Param('usergroup') group: string): Promise<Done> {
    await this.groups.delete(group);
    return new Done();
  }

  @Get('usergroup/group/:usergroup/users')
  @Operation({ operationId: 'listGroupUsers', summary: 'List the users of a group', success: ok('UserList'), throws: ['NOT_FOUND'] })
  async groupUsers(@Param('usergroup') group: string): Promise<RepDocument> {
    const names = await this.groups.members(group);
    const users = await Promise.all(names.map((n) => this.users.get(n)));
    return doc('users', list('user', users.map(userRep), { bareJson: true }));
  }

  @Get('usergroup/user/:name/groups')
  @Operation({ operationId: 'listUserGroups', summary: 'List the groups of a user', success: ok('GroupList'), throws: ['NOT_FOUND'] })
  async userGroups(@Param('name') name: string): Promise<RepDocument> {
    return doc('groups', list('group', await this.groups.ofUser(name), { bareJson: true }));
  }

  @Post('usergroup/user/:name/group/:usergroup')
  @Operation({ operationId: 'addGroupMember', summary: 'Put a user in a group', success: DONE, throws: ['NOT_FOUND'] })
  async join(@Param('name') name: string, @Param('usergroup') group: string): Promise<Done> {
    await this.groups.setMember(name, group, true);
    return new Done();
  }

  @Delete('usergroup/user/:name/group/:usergroup')
  @Operation({ operationId: 'removeGroupMember', summary: 'Take a user out of a group', success: DONE, throws: ['NOT_FOUND'] })
  async leave(@Param('name') name: string, @Param('usergroup') group: string): Promise<Done> {
    await this.groups.setMember(name, group, false);
    return new Done();
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
