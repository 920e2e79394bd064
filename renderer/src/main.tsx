import { createRoot } from 'react-dom/client';
import { App } from './App';
import { AppBoundary } from './views/ViewBoundary';
import './styles.css';

createRoot(document.getElementById('root')!).render(<AppBoundary><App /></AppBoundary>);
