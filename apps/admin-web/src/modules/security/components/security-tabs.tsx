import { NavLink } from 'react-router-dom';

const TABS = [
  { to: '/security', label: 'Rules', end: true },
  { to: '/security/users', label: 'Users', end: false },
  { to: '/security/groups', label: 'Groups', end: false },
  { to: '/security/roles', label: 'Roles', end: false },
];

/** The security pages' tabs: rules, users, groups, roles. */
export function SecurityTabs() {
  return (
    <nav className="security-tabs" aria-label="Security">
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end} className="security-tabs__tab">
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
