// How a fact reads to a person (FactLabels): labels for the keys Engram knows, readable words for
// any other, and a typed label or key back to the key. The Chinese labels are checked with the
// app's translations in tst_pipelinewindow.
#include "memory/FactLabels.h"

#include <QTest>

using namespace engram;

class TestFactLabels final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void predicate_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("label");
        QTest::newRow("canonical") << QStringLiteral("tech_stack") << QStringLiteral("Tech stack");
        QTest::newRow("known beyond the canonical list")
            << QStringLiteral("deploys_with") << QStringLiteral("Deploys with");
        QTest::newRow("a synonym reads as its canonical key")
            << QStringLiteral("works_at") << QStringLiteral("Employer");
        QTest::newRow("a chinese synonym too") << QString::fromUtf8("职业") << QStringLiteral("Job");
        QTest::newRow("unknown: words") << QStringLiteral("favourite_food") << QStringLiteral("Favourite food");
        QTest::newRow("unknown chinese: as it is") << QString::fromUtf8("宠物名字") << QString::fromUtf8("宠物名字");
        QTest::newRow("empty") << QString() << QString();
    }

    void predicate()
    {
        QFETCH(QString, key);
        QFETCH(QString, label);
        QCOMPARE(FactLabels::predicate(key), label);
    }

    void subject()
    {
        QCOMPARE(FactLabels::subject(QStringLiteral("user")), QStringLiteral("Me"));
        QCOMPARE(FactLabels::subject(QStringLiteral("Anna")), QStringLiteral("Anna"));
    }

    void statement()
    {
        QCOMPARE(
            FactLabels::statement(QStringLiteral("user"), QStringLiteral("deploys_with"), QStringLiteral("Kubernetes")),
            QStringLiteral("Deploys with → Kubernetes"));
        QCOMPARE(FactLabels::statement(QStringLiteral("Anna"), QStringLiteral("employer"), QStringLiteral("Acme")),
                 QStringLiteral("Anna · Employer → Acme"));
    }

    void predicateKey_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("key");
        QTest::newRow("a label") << QStringLiteral("Deploys with") << QStringLiteral("deploys_with");
        QTest::newRow("a label, other case and spacing")
            << QStringLiteral("  tech   STACK ") << QStringLiteral("tech_stack");
        QTest::newRow("a label that is no synonym") << QStringLiteral("Lives in") << QStringLiteral("location");
        QTest::newRow("a key") << QStringLiteral("deploys_with") << QStringLiteral("deploys_with");
        QTest::newRow("a chinese word") << QString::fromUtf8("技术栈") << QStringLiteral("tech_stack");
        QTest::newRow("anything else, normalised")
            << QStringLiteral("Favourite Food") << QStringLiteral("favourite_food");
    }

    void predicateKey()
    {
        QFETCH(QString, typed);
        QFETCH(QString, key);
        QCOMPARE(FactLabels::predicateKey(typed), key);
    }

    void everyLabelLeadsBackToItsKey()
    {
        for (const char* key :
             {"name", "job", "employer", "project", "tech_stack", "language", "likes", "dislikes", "location", "goal",
              "decision", "note", "deploys_with", "birthday", "age", "pet", "partner", "timezone"}) {
            const QString k = QString::fromLatin1(key);
            QCOMPARE(FactLabels::predicateKey(FactLabels::predicate(k)), k);
        }
    }

    void subjectKey()
    {
        QCOMPARE(FactLabels::subjectKey(QStringLiteral("Me")), QStringLiteral("user"));
        QCOMPARE(FactLabels::subjectKey(QStringLiteral("me")), QStringLiteral("user"));
        QCOMPARE(FactLabels::subjectKey(QString::fromUtf8("我")), QStringLiteral("user"));
        QCOMPARE(FactLabels::subjectKey(QStringLiteral("user")), QStringLiteral("user"));
        QCOMPARE(FactLabels::subjectKey(QStringLiteral(" Anna ")), QStringLiteral("Anna"));
    }
};

QTEST_GUILESS_MAIN(TestFactLabels)
#include "tst_factlabels.moc"
