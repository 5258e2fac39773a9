import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { decideDecideReport, decideFileReport, report } from './report';
import {
  appeal,
  decideDecideAppeal,
  decideFileAppeal,
  decideIssueStatement,
  REDRESS_TEXT,
  statement,
  type IssueStatement,
} from './statement';

const now = new Date('2026-11-20T10:00:00.000Z');
const reportId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const statementId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const appealId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const showId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const adminId = 'admin-1';

const fileCommand = {
  reportId,
  targetKind: 'show' as const,
  targetId: showId,
  subjectKind: 'performer' as const,
  subjectId: performerId,
  category: 'non_consensuale' as const,
  description: 'Non sembra consenziente',
  reporterKind: 'visitor' as const,
  reporterId: null,
  email: 'anna@example.com',
};
const filed: DomainEvent = {
  type: 'ReportFiled',
  data: { ...fileCommand, hides: true, receivedAt: now.toISOString() },
};

describe('report decider', () => {
  const spec = deciderSpec(report);

  it('files a report once; "minori" and "non_consensuale" hide the target, others do not', () => {
    spec
      .given([])
      .when((s) => decideFileReport(fileCommand, s, now))
      .then([filed]);
    spec
      .given([filed])
      .when((s) => decideFileReport(fileCommand, s, now))
      .then([]);
    spec
      .given([])
      .when((s) => decideFileReport({ ...fileCommand, category: 'spam' }, s, now))
      .then([
        {
          type: 'ReportFiled',
          data: { ...fileCommand, category: 'spam', hides: false, receivedAt: now.toISOString() },
        },
      ]);
  });

  it('wants an email of a visitor', () => {
    spec
      .given([])
      .when((s) => decideFileReport({ ...fileCommand, email: null }, s, now))
      .thenThrows('validation_failed');
  });

  it('decides an open report once, with an action that fits its target', () => {
    const decided: DomainEvent = {
      type: 'ReportDecided',
      data: {
        reportId,
        targetKind: 'show',
        targetId: showId,
        subjectKind: 'performer',
        subjectId: performerId,
        action: 'end_show',
        statementId,
        adminId,
        decidedAt: now.toISOString(),
      },
    };
    spec
      .given([filed])
      .when((s) => decideDecideReport({ action: 'end_show', statementId, adminId }, s, now))
      .then([decided]);
    spec
      .given([filed, decided])
      .when((s) => decideDecideReport({ action: 'none', statementId, adminId }, s, now))
      .thenThrows('report_decided');
    spec
      .given([filed])
      .when((s) => decideDecideReport({ action: 'ban_user', statementId, adminId }, s, now))
      .thenThrows('report_action_invalid');
    spec
      .given([])
      .when((s) => decideDecideReport({ action: 'none', statementId, adminId }, s, now))
      .thenThrows('not_found');
  });
});

const issue: IssueStatement = {
  statementId,
  reportId,
  subjectKind: 'performer',
  subjectId: performerId,
  targetKind: 'show',
  targetId: showId,
  action: 'end_show',
  ground: 'legge',
  groundDetail: 'Art. 600-ter c.p.',
  statement: 'Lo show mostrava una persona senza il suo consenso.',
  adminId,
};
const issued: DomainEvent = {
  type: 'ModerationStatementIssued',
  data: { ...issue, automated: false, redress: REDRESS_TEXT, issuedAt: now.toISOString() },
};

describe('statement of reasons and appeal deciders', () => {
  it('a statement says no automated means were used and how to appeal; issued once', () => {
    const spec = deciderSpec(statement);
    spec
      .given([])
      .when((s) => decideIssueStatement(issue, s, now))
      .then([issued]);
    spec
      .given([issued])
      .when((s) => decideIssueStatement(issue, s, now))
      .then([]);
  });

  const issuedState = [issued].reduce(statement.evolve, statement.initialState());
  const appealFiled: DomainEvent = {
    type: 'AppealFiled',
    data: {
      appealId,
      statementId,
      byId: performerId,
      text: 'Era consenziente',
      decidedBy: adminId,
      filedAt: now.toISOString(),
    },
  };

  it('only the person affected appeals, once', () => {
    const spec = deciderSpec(appeal);
    const command = { appealId, byId: performerId, text: 'Era consenziente' };
    spec
      .given([])
      .when((s) => decideFileAppeal(command, issuedState, s, now))
      .then([appealFiled]);
    spec
      .given([appealFiled])
      .when((s) => decideFileAppeal(command, issuedState, s, now))
      .thenThrows('appeal_exists');
    spec
      .given([])
      .when((s) => decideFileAppeal({ ...command, byId: 'someone-else' }, issuedState, s, now))
      .thenThrows('appeal_not_yours');
    spec
      .given([])
      .when((s) => decideFileAppeal(command, statement.initialState(), s, now))
      .thenThrows('not_found');
  });

  it('another admin decides an appeal, once', () => {
    const spec = deciderSpec(appeal);
    const decided: DomainEvent = {
      type: 'AppealDecided',
      data: {
        appealId,
        statementId,
        outcome: 'reversed',
        statement: 'Prova del consenso ricevuta',
        adminId: 'admin-2',
        decidedAt: now.toISOString(),
      },
    };
    const command = { adminId: 'admin-2', outcome: 'reversed' as const, statement: 'Prova del consenso ricevuta' };
    spec
      .given([appealFiled])
      .when((s) => decideDecideAppeal(command, s, now))
      .then([decided]);
    spec
      .given([appealFiled, decided])
      .when((s) => decideDecideAppeal(command, s, now))
      .thenThrows('appeal_decided');
    spec
      .given([appealFiled])
      .when((s) => decideDecideAppeal({ ...command, adminId }, s, now))
      .thenThrows('same_admin');
  });
});
