import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import './app.css';

const container = document.getElementById('root');
if (container === null) {
  throw new Error('The demo page needs a #root element');
}
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
