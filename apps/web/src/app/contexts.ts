import { createContext } from 'react';
import type { PremiumSocket } from '../lib/premium-socket.ts';
import type { SettingsStore } from '../lib/settings-store.ts';

/** App-wide singletons, created once in main.tsx and handed down so tests and pages can swap them. */
export const SettingsContext = createContext<SettingsStore | null>(null);
export const SocketContext = createContext<PremiumSocket | null>(null);
