// The security module's public face: the Users, Groups, Roles and Security rules pages (administrators only).
export { GroupsPage } from './pages/groups-page';
export { RolesPage } from './pages/roles-page';
export { SecurityRulesPage } from './pages/security-rules-page';
export { UsersPage } from './pages/users-page';
