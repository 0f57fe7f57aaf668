// The integration itself: window.Softphone comes from the SDK's script tag, and the open
// platform's server is wherever that script was loaded from.
const SERVER = new URL(document.getElementById('softphone-sdk').src).origin;
/** The running phone, what Softphone.init returns. */
let phone;
const errorLine = document.getElementById('error');
const events = document.getElementById('events');

function show(text) {
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  events.prepend(item);
}

document.getElementById('login').addEventListener('submit', async (event) => {
  event.preventDefault();
  errorLine.textContent = '';
  const form = new FormData(event.target);
  const res = await fetch(`${SERVER}/dzfront/open/server/api/basic/get_login_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: form.get('account'), password: form.get('password') }),
    // The login calls take no cookie; from another site the browser sends none anyway.
    credentials: 'omit',
  }).catch(() => null);
  if (!res) {
    errorLine.textContent = `The server ${SERVER} cannot be reached.`;
    return;
  }
  const answer = await res.json();
  if (answer.code !== 0) {
    errorLine.textContent = `${answer.code}: ${answer.message}`;
    return;
  }
  const lang = String(form.get('lang') || '');
  try {
    phone = window.Softphone.init({
      container: '#phone',
      serverUrl: SERVER,
      token: answer.data.token,
      ...(lang ? { lang } : {}),
    });
    // Try it from the browser's console too: phone.dialOut({ number: '13800138001' }).
    window.phone = phone;
    phone.on('*', ({ name, data }) => show(`${name} ${JSON.stringify(data)}`));
    const ready = await phone.ready;
    show(`ready ${JSON.stringify(ready.agent)}`);
    document.getElementById('actions').hidden = false;
  } catch (error) {
    errorLine.textContent = `${error.code}: ${error.message}`;
  }
});

for (const button of document.querySelectorAll('[data-method]')) {
  button.addEventListener('click', async () => {
    const params = button.dataset.params ? JSON.parse(button.dataset.params) : {};
    try {
      show(`${button.dataset.method} → ${JSON.stringify(await phone[button.dataset.method](params))}`);
    } catch (error) {
      show(`${button.dataset.method} ✗ ${error.code} ${error.message}`);
    }
  });
}

document.getElementById('destroy').addEventListener('click', () => {
  phone?.destroy();
  document.getElementById('actions').hidden = true;
});
