/**
 * The demo gateway is loopback-only and one gateway whatever its port: a demo task's result URL from an
 * earlier address (the remembered port was taken at a restart, so the gateway moved) is fetched from where
 * the demo gateway runs now. Other tasks' URLs are never touched.
 */
export function followDemoAddress(task: { demo: boolean }, url: string, currentBaseUrl: string): string {
  if (!task.demo) return url;
  try {
    const u = new URL(url);
    const now = new URL(currentBaseUrl);
    if (u.protocol !== 'http:' || u.hostname !== '127.0.0.1' || now.hostname !== '127.0.0.1') return url;
    if (u.origin === now.origin) return url;
    return `${now.origin}${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}
