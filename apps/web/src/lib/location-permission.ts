/**
 * The geolocation permission, asked once as soon as a session page starts loading (its route's
 * loader calls askLocationPermission): by the page's first render a blocked permission is known,
 * and the page does not pass through its loading screen waiting for it. The status object is
 * live: later changes show in its `state` and its 'change' events. (A module of its own, with no
 * imports: the route's loader is in every page's entry code.)
 */
let permission: Promise<PermissionStatus | null> | null = null;
let known: PermissionStatus | null = null;

export function askLocationPermission(): Promise<PermissionStatus | null> {
  permission ??= (async () => {
    try {
      known = (await navigator.permissions?.query({ name: 'geolocation' })) ?? null;
    } catch {
      known = null;
    }
    return known;
  })();
  return permission;
}

/** The permission's state if the question has been answered already, else null. */
export function knownLocationPermission(): PermissionState | null {
  return known?.state ?? null;
}
