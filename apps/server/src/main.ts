// The server's entry (`npm start`). The resolve hook must be registered before the server's module
// graph is resolved, so the server is imported only after it.
import './package-resolution.ts';

await import('./server.ts');
