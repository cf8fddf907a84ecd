/** The call panel's texts: document 2 §2 "Communication widget" and §8 "Widget messages", copied exactly. */
export const CALL_UI = {
  startCall: 'Start Call',
  inCall: 'In call…',
  noOneToCall: 'No one else is available to call',
  refresh: 'Refresh',
  lastCallError: 'Last call error',
  copyDiagnostics: 'Copy diagnostics',
  completeCall: 'Complete call',
  complete: 'Complete',
  cancel: 'Cancel',
  /** 'Remove N selected participant(s) from the call?' */
  removeSelected: (n: number) => `Remove ${n} selected participant(s) from the call?`,
  /** 'Remove all N participant(s) from the call?' */
  removeAll: (n: number) => `Remove all ${n} participant(s) from the call?`,
  hangUp: 'Hang Up',
  mute: 'Mute',
  unmute: 'Unmute',
  close: 'Close',
  /** 'Incoming call from X' */
  incomingFrom: (name: string) => `Incoming call from ${name}`,
  acceptVideo: 'Accept (Video)',
  acceptVoice: 'Accept (Voice)',
  decline: 'Decline',
  micCameraDenied: 'Microphone/camera permission denied',
  micDenied: 'Microphone permission denied',
  noIncoming: 'No incoming call to accept',
  acceptFailed: 'Failed to accept incoming call',
  notInitialized: 'Calling not initialized',
  noCallClient: 'Call client not available',
  /** 'Could not start call: …' */
  couldNotStart: (detail: string) => `Could not start call: ${detail}`,
  /** The network variant of 'Could not start call: …'. */
  couldNotStartNetwork: 'Could not start call: network error, check your connection',
  initFailed: 'Calling initialization failed',
  completeFailed: 'Failed to complete call',
  // Ours (not in the spec): labels and the end-of-call toast.
  participantsLabel: 'Participants to call',
  callLabel: 'Call',
  /** '{n} participant(s)' in the call modal. */
  peopleInCall: (n: number) => `${n} participant(s)`,
  elapsed: 'Elapsed',
  remoteVideo: 'Remote video',
  localPreview: 'Your camera',
  /** The reason toast when a call ends (6 s). */
  ended: (reason: string) => (reason ? `Call ended: ${reason}` : 'Call ended'),
  youHungUp: 'you hung up',
  nobodyLeft: 'no one else is in the call',
  copied: 'Copied',
} as const;
