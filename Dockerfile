# The app server's image, for compose.yaml and docs/deploy.md. Not built on the machine this
# project is developed on (it has no container registry); see docs/deploy.md.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY package.json package-lock.json ./
# Development packages stay: `npm start` rebuilds when the sources are newer than the build.
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN node bin/build.js
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "bin/start.js"]
