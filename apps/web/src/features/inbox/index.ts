// In-app notifications, the re-plan offer and notification settings (issue 15). The shell's
// watcher (InboxWatcher) is loaded lazily on its own.
export { MuteToggle } from './MuteToggle';
export { SessionAlerts, type SessionAlertsProps } from './SessionAlerts';
export { INBOX_UI } from './texts';
export { NotificationSettings } from './NotificationSettings';
