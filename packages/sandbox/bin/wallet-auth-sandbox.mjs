#!/usr/bin/env node
// The package's command (`npx @wallet-auth/sandbox`): the emulator's CLI, built from src/cli.ts.
// A file of its own so that installing the workspace links the command before anything is built.
import '../dist/cli.js';
