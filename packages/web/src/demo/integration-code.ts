/**
 * The integration code for the demo's current configuration (spec §2), as the SDK's README shows
 * it: the script tag with the global `Softphone`, or the ES module. The login token is never
 * copied into it: a real page gets one from its own server for each session.
 */
import { SDK_MODULE_PATH, SDK_PATH } from '@open/softphone/bridge/messages';

export type CodeFlavour = 'script' | 'module';

export function integrationCode(
  flavour: CodeFlavour,
  serverUrl: string,
  params: Record<string, string | boolean>,
): string {
  const options = [
    `  container: '#softphone',`,
    `  serverUrl: ${JSON.stringify(serverUrl)},`,
    `  token: loginToken, // from your server: basic/get_login_token or SSO`,
    ...Object.entries(params).map(([name, value]) => `  ${name}: ${JSON.stringify(value)},`),
  ].join('\n');
  const body = [
    `const phone = Softphone.init({`,
    options,
    `});`,
    `phone.on('callStatusChange', (event) => console.log(event));`,
    `await phone.ready;`,
  ];
  if (flavour === 'script') {
    return [
      `<div id="softphone" style="width: 360px; height: 640px"></div>`,
      `<script src="${serverUrl}${SDK_PATH}"></script>`,
      `<script type="module">`,
      ...body.map((line) => line.replace(/^/gm, '  ')),
      `</script>`,
    ].join('\n');
  }
  return [`import * as Softphone from '${serverUrl}${SDK_MODULE_PATH}';`, '', ...body].join('\n');
}
