#include "memory/HeldChanges.h"

#include <QTest>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("u");

QString describe(const QList<HeldChanges::Notice>& notices)
{
    QStringList parts;
    for (const HeldChanges::Notice& n : notices)
        parts.append(QStringLiteral("%1 %2 %3 [%4]")
                         .arg(n.removed ? QStringLiteral("removed") : QStringLiteral("changed"), n.userId)
                         .arg(static_cast<int>(n.tier))
                         .arg(n.ids.join(QLatin1Char(','))));
    return parts.join(QStringLiteral("; "));
}

} // namespace

class TestHeldChanges final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runsOfOneKindAndTierBecomeOneNoticeInOrder()
    {
        HeldChanges held;
        QVERIFY(!held.holding());
        held.hold();
        QVERIFY(held.holding());
        held.add(true, kUser, Tier::Episodic, {QStringLiteral("a")});
        held.add(true, kUser, Tier::Episodic, {QStringLiteral("b"), QStringLiteral("a")});
        held.add(false, kUser, Tier::Semantic, {QStringLiteral("f")});
        held.add(false, kUser, Tier::Semantic, {QStringLiteral("f")});
        held.add(true, kUser, Tier::Episodic, {QStringLiteral("c")}); // after the fact: a notice of its own
        held.add(true, QStringLiteral("v"), Tier::Episodic, {QStringLiteral("d")});
        const auto notices = held.release(true);
        QVERIFY(!held.holding());
        QCOMPARE(describe(notices), QStringLiteral("removed u %1 [a,b]; changed u %2 [f]; removed u %1 [c]; "
                                                   "removed v %1 [d]")
                                        .arg(static_cast<int>(Tier::Episodic))
                                        .arg(static_cast<int>(Tier::Semantic)));
    }

    // An action inside another announces with the outer one; a failure anywhere announces nothing,
    // and the next action starts clean.
    void nestedActionsAnnounceWithTheOuterOneAndFailuresNothing()
    {
        HeldChanges held;
        held.hold();
        held.add(false, kUser, Tier::Episodic, {QStringLiteral("a")});
        held.hold();
        held.add(false, kUser, Tier::Episodic, {QStringLiteral("b")});
        QVERIFY(held.release(true).isEmpty());
        QVERIFY(held.holding());
        QCOMPARE(held.release(true).constFirst().ids, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));

        held.hold();
        held.add(false, kUser, Tier::Episodic, {QStringLiteral("a")});
        held.hold();
        held.add(false, kUser, Tier::Episodic, {QStringLiteral("b")});
        QVERIFY(held.release(false).isEmpty()); // the inner one failed
        QVERIFY(held.release(true).isEmpty());  // so the whole action rolled back

        held.hold();
        held.add(true, kUser, Tier::Working, {QStringLiteral("m")});
        QCOMPARE(describe(held.release(true)), QStringLiteral("removed u %1 [m]").arg(static_cast<int>(Tier::Working)));
    }
};

QTEST_APPLESS_MAIN(TestHeldChanges)
#include "tst_heldchanges.moc"
