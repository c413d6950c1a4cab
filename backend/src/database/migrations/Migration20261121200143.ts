import { Migration } from '@mikro-orm/migrations';

export class Migration20261121200143 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "blog_posts" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "slug" varchar(200) not null, "title" varchar(300) not null, "excerpt" text null, "content" text not null, "meta_title" varchar(300) null, "meta_description" text null, "featured_image_url" text null, "published_at" timestamptz null, "author_name" varchar(120) null, "category" text check ("category" in ('review', 'guide', 'news', 'general')) not null default 'general', "tags" text[] not null default '{}', "status" text check ("status" in ('draft', 'published', 'archived')) not null default 'draft');`);
    this.addSql(`alter table "blog_posts" add constraint "blog_posts_slug_unique" unique ("slug");`);
    this.addSql(`create index "blog_posts_status_published_at_index" on "blog_posts" ("status", "published_at");`);

    this.addSql(`create table "companies" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(200) not null, "description" text null, "logo_url" text null, "website_url" text null, "rating" numeric(2,1) null, "why_choose_us" text null, "featured" boolean not null default false);`);
    this.addSql(`create index "companies_name_index" on "companies" ("name");`);

    this.addSql(`create table "discounts" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "title" varchar(200) not null, "description" text null, "discount_code" varchar(100) null, "affiliate_link" text null, "status" text check ("status" in ('active', 'coming_soon', 'expired')) not null default 'active', "discount_amount" numeric(10,2) null, "discount_percentage" numeric(5,2) null, "original_price" numeric(10,2) null, "discounted_price" numeric(10,2) null, "terms_and_conditions" text null, "valid_from" date null, "valid_until" timestamptz null, "media_url" text null, "clicks" int not null default 0);`);
    this.addSql(`create index "discounts_company_id_index" on "discounts" ("company_id");`);
    this.addSql(`create index "discounts_status_valid_until_index" on "discounts" ("status", "valid_until");`);

    this.addSql(`create table "media_assets" ("hash" varchar(64) not null, "mime_type" varchar(50) not null, "width" int not null, "height" int not null, "data" bytea not null, "byte_size" int not null, "created_at" timestamptz not null default now(), constraint "media_assets_pkey" primary key ("hash"));`);

    this.addSql(`create table "newsletter_subscribers" ("id" serial primary key, "email" varchar(254) not null, "subscribed_at" timestamptz not null default now(), "status" text check ("status" in ('subscribed', 'unsubscribed')) not null default 'subscribed', "source" varchar(120) null, "updated_at" timestamptz not null default now());`);
    this.addSql(`alter table "newsletter_subscribers" add constraint "newsletter_subscribers_email_unique" unique ("email");`);
    this.addSql(`create index "newsletter_subscribers_subscribed_at_index" on "newsletter_subscribers" ("subscribed_at");`);

    this.addSql(`create table "rate_limits" ("key" text not null, "hits" int not null, "reset_at" timestamptz not null, constraint "rate_limits_pkey" primary key ("key"));`);

    this.addSql(`create table "user_sessions" ("sid" text not null, "sess" jsonb not null, "expire" timestamp(6) not null, constraint "user_sessions_pkey" primary key ("sid"));`);
    this.addSql(`create index "user_sessions_expire_index" on "user_sessions" ("expire");`);

    this.addSql(`create table "users" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "display_name" varchar(120) not null, "email" varchar(254) not null, "role" text check ("role" in ('admin', 'user')) not null default 'user', "avatar_url" text null, "password_hash" varchar(255) not null);`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`alter table "discounts" add constraint "discounts_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete restrict;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "discounts" drop constraint "discounts_company_id_foreign";`);

    this.addSql(`drop table if exists "blog_posts" cascade;`);

    this.addSql(`drop table if exists "companies" cascade;`);

    this.addSql(`drop table if exists "discounts" cascade;`);

    this.addSql(`drop table if exists "media_assets" cascade;`);

    this.addSql(`drop table if exists "newsletter_subscribers" cascade;`);

    this.addSql(`drop table if exists "rate_limits" cascade;`);

    this.addSql(`drop table if exists "user_sessions" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);
  }

}
