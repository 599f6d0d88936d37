// The second baseline of request-path.bench.mjs: the design card's stack with nothing of ours —
// a NestJS app on Express with one controller, a passport-http Basic strategy through
// @nestjs/passport's AuthGuard (credentials compared with a fixed pair), and the same catalog
// query through TypeORM's DataSource on pg, sending the same bytes. It shows what the framework
// itself costs per request, so the api's figure can be set against both the bare server and
// the cheapest the card's stack allows. Run as PROCESSES processes on one port, like bare-server.
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Controller, Get, Header, Inject, Injectable, Module, NotFoundException, Req, UseGuards } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AuthGuard, PassportModule, PassportStrategy } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BasicStrategy } from 'passport-http';
import { DataSource } from 'typeorm';
import { runBaseline, STORE_SQL } from './request-path-baseline.mjs';

const [port, databaseUrl, authorization, bodyFile, processes = '1'] = process.argv.slice(2);

async function serve() {
  // A string: Nest sends a Buffer as JSON.
  const body = readFileSync(bodyFile, 'utf8');
  const [user, password] = Buffer.from(authorization.replace(/^Basic /, ''), 'base64')
    .toString()
    .split(':');

  // Decorators applied by hand: this file is plain JavaScript, run as it is.
  class Basic extends PassportStrategy(BasicStrategy, 'basic') {
    validate(u, p) {
      return u === user && p === password ? { user: u } : false;
    }
  }
  Injectable()(Basic);

  class StoreController {
    constructor(db) {
      this.db = db;
    }
    async get(req) {
      const rows = await this.db.query(STORE_SQL, [req.params.workspace, req.params.store]);
      if (!rows.length) throw new NotFoundException();
      return body;
    }
  }
  Inject(DataSource)(StoreController, undefined, 0);
  Req()(StoreController.prototype, 'get', 0);
  const get = Object.getOwnPropertyDescriptor(StoreController.prototype, 'get');
  Header('Content-Type', 'application/xml')(StoreController.prototype, 'get', get);
  Get('workspaces/:workspace/datastores/:store.xml')(StoreController.prototype, 'get', get);
  UseGuards(AuthGuard('basic'))(StoreController);
  Controller('geoserver/rest')(StoreController);

  class FloorModule {}
  Module({
    imports: [PassportModule, TypeOrmModule.forRoot({ type: 'postgres', url: databaseUrl, entities: [], extra: { max: 10 } })],
    controllers: [StoreController],
    providers: [Basic],
  })(FloorModule);

  const app = await NestFactory.create(FloorModule, { logger: ['error'] });
  await app.listen(Number(port), '127.0.0.1');
}

await runBaseline(processes, serve);
