// `npm start` runs the built server in production mode unless NODE_ENV says otherwise.
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
