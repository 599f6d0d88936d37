// The security module's public face: the Users, Roles and Security rules pages (administrators only).
export { RolesPage } from './pages/roles-page';
export { SecurityRulesPage } from './pages/security-rules-page';
export { UsersPage } from './pages/users-page';
