import { createContext } from 'react';
import type { PremiumSocket } from '../lib/premium-socket.ts';
import type { SettingsStore } from '../lib/settings-store.ts';

/** App-wide singletons, created once in main.tsx and handed down so tests and pages can swap them. */
export const SettingsContext = createContext<SettingsStore | null>(null);
export const SocketContext = createContext<PremiumSocket | null>(null);
/**
 * The viewport width the server's first paint is laid out for (first-paint/render-page.tsx): a server has no
 * screen, so `min-width` media queries are answered against this guess there. 0 (the browser) never applies.
 */
export const AssumedViewportContext = createContext(0);
