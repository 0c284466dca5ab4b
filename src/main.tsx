import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './styles/app.css';
import { warmUpFonts } from './styles/warm-up-fonts.ts';
import { chooseFontStacks } from './styles/platform-fonts.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

chooseFontStacks(document);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

warmUpFonts(document);
