#include "llm/FactOperations.h"

#include <QTest>

using namespace engram;

class TestFactOperations final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void synonymsShareOneKey_data()
    {
        QTest::addColumn<QString>("synonym");
        QTest::addColumn<QString>("canonical");
        const auto row = [](const char16_t* synonym, const char* canonical) {
            const QString s = QString::fromUtf16(synonym);
            QTest::newRow(qPrintable(s)) << s << QString::fromLatin1(canonical);
        };
        row(u"职业", "job");
        row(u"工作", "job");
        row(u"occupation", "job");
        row(u"公司", "employer");
        row(u"company", "employer");
        row(u"works_at", "employer");
        row(u"Works At", "employer");
        row(u"works-at", "employer");
        row(u"ＷＯＲＫＳ＿ＡＴ", "employer"); // full-width
        row(u"项目", "project");
        row(u"技术栈", "tech_stack");
        row(u"uses", "tech_stack");
        row(u"uses_tool", "tech_stack");
        row(u"喜欢", "likes");
        row(u"preference", "likes");
        row(u"不喜欢", "dislikes");
        row(u"名字", "name");
        row(u"姓名", "name");
        row(u"Name", "name");
        row(u"编程语言", "language");
        row(u"城市", "location");
        row(u"目标", "goal");
        row(u"决定", "decision");
        row(u"记住", "note");
    }

    void synonymsShareOneKey()
    {
        QFETCH(QString, synonym);
        QFETCH(QString, canonical);
        QCOMPARE(canonicalPredicate(synonym), canonical);
        QVERIFY(isCanonicalPredicate(canonicalPredicate(synonym)));
    }

    void unknownPredicatesAreNormalisedNotInvented()
    {
        QCOMPARE(canonicalPredicate(QStringLiteral("  Favourite Food ")), QStringLiteral("favourite_food"));
        QVERIFY(!isCanonicalPredicate(canonicalPredicate(QStringLiteral("favourite food"))));
        QCOMPARE(canonicalPredicate(QString()), QString());
        // Each canonical name maps to itself.
        for (const QString& p : canonicalPredicates())
            QCOMPARE(canonicalPredicate(p), p);
        QCOMPARE(canonicalPredicates().size(), 12);
    }

    void userSubjectInEitherLanguage()
    {
        for (const char16_t* word : {u"user", u"User", u"the user", u"我", u"用户", u"I", u"me"})
            QCOMPARE(canonicalSubject(QString::fromUtf16(word)), QStringLiteral("user"));
        QCOMPARE(canonicalSubject(QStringLiteral("  Alice  Smith ")), QStringLiteral("Alice Smith"));
    }

    void appendSkipsWhatIsAlreadyThere()
    {
        const FactCandidate job{QStringLiteral("user"), QStringLiteral("job"), QStringLiteral("teacher"), 0.9};
        FactOperations a;
        QVERIFY(a.isEmpty());
        a.facts.append(job);
        FactOperations b;
        b.facts = {job, {QStringLiteral("user"), QStringLiteral("likes"), QStringLiteral("tea"), 0.9}};
        b.deletes = {{QStringLiteral("user"), QStringLiteral("project")}};
        a.append(b);
        a.append(b);
        QCOMPARE(a.facts.size(), 2);
        QCOMPARE(a.deletes.size(), 1);
        QCOMPARE(a.size(), 3);
        QVERIFY(!a.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestFactOperations)
#include "tst_factoperations.moc"
