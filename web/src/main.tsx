// Entry: /admin and /admin/* are the operator/admin console; every other path is the simulator.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Console } from './console/Console.tsx';
import { Simulator } from './simulator/Simulator.tsx';
import './styles.css';

const isConsole = location.pathname === '/admin' || location.pathname.startsWith('/admin/');

createRoot(document.getElementById('root')!).render(<StrictMode>{isConsole ? <Console /> : <Simulator />}</StrictMode>);
