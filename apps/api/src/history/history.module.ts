import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CatalogModule } from '../catalog/catalog.module';
import { ChangeDrawer } from './change-drawer';
import { ChangeLog } from './change-log';
import { ChangeFeed } from './change-feed';
import { EventsController } from './events.controller';
import { HistoryController } from './history.controller';
import { HistoryRetention } from './history-retention';
import { ChangeReverter } from './revert';
import { StreamAudience } from './stream-audience';
import { RulesAsOf } from './rules-as-of';

/** The change history, its reverts and its live event stream (contract §7). */
@Module({
  imports: [CatalogModule, AuthModule],
  controllers: [HistoryController, EventsController],
  providers: [ChangeLog, ChangeDrawer, ChangeReverter, HistoryRetention, ChangeFeed, StreamAudience, RulesAsOf],
})
export class HistoryModule {}
