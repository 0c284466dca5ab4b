import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { inodeTargets } from './server/vite-plugin.ts';

// inodeTargets serves /Inode.asmx in `vite` (dev) and `vite preview`: the embedded emulator
// unless INODE_TARGET is set, plus GET /__console/targets. See docs/emulator.md.
export default defineConfig({
  plugins: [react(), inodeTargets()],
});
