/** Shown while a lazily loaded screen arrives on the first load; plain markup, no MUI. */
export function BootSplash() {
  return <div className="boot-splash" aria-busy="true" />;
}
