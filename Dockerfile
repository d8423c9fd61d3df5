FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build
ENV PORT=8080 SKIP_FRONTEND_BUILD=true
EXPOSE 8080
CMD ["npm", "start"]
