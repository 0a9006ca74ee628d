import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiClient } from './api/api-client';
import { App } from './app';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const api = new ApiClient({
  apiKey: import.meta.env.VITE_API_KEY || undefined,
  validateResponses: import.meta.env.DEV,
});

createRoot(root).render(
  <StrictMode>
    <App api={api} />
  </StrictMode>,
);
