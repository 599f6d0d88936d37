import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { serviceLocationFor } from './api';
import { App } from './app/app';
import './ui/tokens.css';
import './ui/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

createRoot(root).render(
  <StrictMode>
    <App location={serviceLocationFor(window.location.pathname)} />
  </StrictMode>,
);
