// The console's token: from the login form or the `#token=…` fragment that `npm start` prints; kept in
// sessionStorage (gone when the tab closes) and removed from the address bar at once.
const KEY = 'switchboard.token';

export function takeTokenFromFragment(): string | null {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (!match) return null;
  const token = decodeURIComponent(match[1]);
  sessionStorage.setItem(KEY, token);
  history.replaceState(null, '', location.pathname + location.search);
  return token;
}

export const storedToken = () => sessionStorage.getItem(KEY);
export const saveToken = (token: string) => sessionStorage.setItem(KEY, token);
export const forgetToken = () => sessionStorage.removeItem(KEY);
