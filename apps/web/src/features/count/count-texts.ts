/** The Count screen's own texts (not in the spec: the screen is issue #20's addition). */
export const COUNT_TEXTS = {
  title: 'Count',
  description: 'Count stock with a handheld whose reader types what it reads.',
  setUpTitle: 'Set up this handheld',
  setUpIntro:
    'Counts from this browser are recorded as a device of your company, named here, and as counted by you. It shows in Devices like any reader.',
  setUpFailed: 'Failed to set up this handheld',
  startFailed: 'Failed to start the count',
  finishFailed: 'Failed to finish the count',
  captureLabel: 'Tag capture',
  testLabel: 'Read a tag to test your reader',
  deviceRemoved:
    'This handheld was removed from Devices, so the portal no longer takes its reads. Set it up again to count.',
  leaveQuestion: 'Some reads have not been sent yet. Leave the page anyway?',
} as const;
