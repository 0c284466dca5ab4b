/**
 * The demo users seeded into every fresh emulator database (normal mode). Their keys are
 * deterministic and public: they exist so that the console works on a fresh machine with no
 * set-up, and they are printed when the emulator starts.
 * @example DEMO_USERS[0]?.openIdKey // 'demo-alice-key'
 */
export const DEMO_USERS: ReadonlyArray<{ openIdKey: string; displayName: string }> = [
  { openIdKey: 'demo-alice-key', displayName: 'Alice (demo, has indexes)' },
  { openIdKey: 'demo-bob-key', displayName: 'Bob (demo, has indexes)' },
  { openIdKey: 'demo-empty-key', displayName: 'Erin (demo, no indexes)' },
];

/** The key of the user that `--seed-stubs <n>` creates with n stubs. */
export const SEED_STUBS_KEY = 'seed-stubs';

/**
 * The indexes a fresh database gives each demo user (by key), so GetAssetStubs shows data at once.
 * Only seeded when the user has no index yet: a user's own registrations are never overwritten.
 */
export const DEMO_INDEXES: Readonly<
  Record<string, ReadonlyArray<{ serviceUri: string; mediaType: string }>>
> = {
  'demo-alice-key': [
    { serviceUri: 'https://media.example.org/vault/sunrise-over-harbour.jpg', mediaType: 'image' },
    { serviceUri: 'https://media.example.org/vault/city-lights.png', mediaType: 'image' },
    { serviceUri: 'https://media.example.org/studio/morning-interview.mp3', mediaType: 'audio' },
    { serviceUri: 'https://media.example.org/clips/launch-keynote.mp4', mediaType: 'video' },
    {
      serviceUri: 'https://docs.example.org/reports/annual-review-2025.pdf',
      mediaType: 'document',
    },
  ],
  'demo-bob-key': [
    {
      serviceUri: 'https://archive.example.net/field-recordings/forest-dawn.wav',
      mediaType: 'audio',
    },
    { serviceUri: 'https://archive.example.net/footage/river-timelapse.mov', mediaType: 'video' },
  ],
};
