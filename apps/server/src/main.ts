// The server's entry (`npm start`). The resolve hook must be registered before the server's module
// graph is resolved, so the server is imported only after it.
import { enableCompileCache } from 'node:module';
import './package-resolution.ts';

// V8's compiled code of our modules and packages, kept on disk (the OS's temporary directory) for
// the next start: a restart compiles only what changed.
enableCompileCache();

await import('./server.ts');
