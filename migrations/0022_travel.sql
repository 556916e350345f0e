CREATE TABLE `airports` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`city` text NOT NULL,
	`city_code` text NOT NULL,
	`terminals` text DEFAULT '1' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `carriers` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`low_cost` integer DEFAULT 1 NOT NULL,
	`business` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `flight_inventory` (
	`flight_key` text PRIMARY KEY NOT NULL,
	`seats_sold` integer DEFAULT 0 NOT NULL,
	`fare_adjust` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `flight_routes` (
	`origin` text NOT NULL,
	`destination` text NOT NULL,
	`block_minutes` integer NOT NULL,
	`base_fare` integer NOT NULL,
	PRIMARY KEY(`origin`, `destination`)
);
--> statement-breakpoint
CREATE TABLE `travel_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_ref` text NOT NULL,
	`kind` text NOT NULL,
	`user_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`title` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`amount` integer NOT NULL,
	`offer` text NOT NULL,
	`choice` text NOT NULL,
	`status` text DEFAULT 'confirmed' NOT NULL,
	`refund_amount` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`cancelled_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `travel_bookings_booking_ref_unique` ON `travel_bookings` (`booking_ref`);--> statement-breakpoint
CREATE INDEX `travel_bookings_user_idx` ON `travel_bookings` (`user_id`,`start_date`);--> statement-breakpoint
INSERT INTO airports (code, name, city, city_code, terminals) VALUES ('DEL', 'Indira Gandhi International Airport', 'New Delhi', 'DEL', '1,2,3'), ('BOM', 'Chhatrapati Shivaji Maharaj International Airport', 'Mumbai', 'BOM', '1,2'), ('BLR', 'Kempegowda International Airport', 'Bengaluru', 'BLR', '1,2'), ('MAA', 'Chennai International Airport', 'Chennai', 'MAA', '1,4'), ('CCU', 'Netaji Subhas Chandra Bose International Airport', 'Kolkata', 'CCU', '1,2'), ('HYD', 'Rajiv Gandhi International Airport', 'Hyderabad', 'HYD', '1'), ('GOI', 'Dabolim Airport', 'Goa', 'GOA', '1'), ('GOX', 'Manohar International Airport, Mopa', 'Goa', 'GOA', '1'), ('COK', 'Cochin International Airport', 'Kochi', 'COK', '1,2'), ('PNQ', 'Pune Airport', 'Pune', 'PNQ', '1'), ('JAI', 'Jaipur International Airport', 'Jaipur', 'JAI', '2'), ('AMD', 'Sardar Vallabhbhai Patel International Airport', 'Ahmedabad', 'AMD', '1'), ('SXR', 'Srinagar International Airport', 'Srinagar', 'SXR', '1'), ('LKO', 'Chaudhary Charan Singh International Airport', 'Lucknow', 'LKO', '3'), ('VNS', 'Lal Bahadur Shastri International Airport', 'Varanasi', 'VNS', '1'), ('GAU', 'Lokpriya Gopinath Bordoloi International Airport', 'Guwahati', 'GAU', '1'), ('IXB', 'Bagdogra Airport', 'Siliguri', 'IXB', '1'), ('ATQ', 'Sri Guru Ram Dass Jee International Airport', 'Amritsar', 'ATQ', '1'), ('TRV', 'Thiruvananthapuram International Airport', 'Thiruvananthapuram', 'TRV', '1');
--> statement-breakpoint
INSERT INTO carriers (code, name, low_cost, business) VALUES ('6E', 'IndiGo', 1, 0), ('AI', 'Air India', 0, 1), ('IX', 'Air India Express', 1, 0), ('QP', 'Akasa Air', 1, 0), ('SG', 'SpiceJet', 1, 0);
--> statement-breakpoint
INSERT INTO flight_routes (origin, destination, block_minutes, base_fare) VALUES ('DEL', 'BOM', 130, 550000), ('BOM', 'DEL', 130, 550000), ('DEL', 'BLR', 170, 700000), ('BLR', 'DEL', 170, 700000), ('DEL', 'MAA', 170, 650000), ('MAA', 'DEL', 170, 650000), ('DEL', 'CCU', 130, 550000), ('CCU', 'DEL', 130, 550000), ('DEL', 'HYD', 135, 550000), ('HYD', 'DEL', 135, 550000), ('DEL', 'GOI', 155, 600000), ('GOI', 'DEL', 155, 600000), ('DEL', 'GOX', 155, 620000), ('GOX', 'DEL', 155, 620000), ('DEL', 'COK', 195, 750000), ('COK', 'DEL', 195, 750000), ('DEL', 'PNQ', 130, 550000), ('PNQ', 'DEL', 130, 550000), ('DEL', 'AMD', 95, 420000), ('AMD', 'DEL', 95, 420000), ('DEL', 'JAI', 60, 300000), ('JAI', 'DEL', 60, 300000), ('DEL', 'SXR', 85, 500000), ('SXR', 'DEL', 85, 500000), ('DEL', 'LKO', 70, 350000), ('LKO', 'DEL', 70, 350000), ('DEL', 'VNS', 90, 420000), ('VNS', 'DEL', 90, 420000), ('DEL', 'GAU', 150, 650000), ('GAU', 'DEL', 150, 650000), ('DEL', 'IXB', 125, 600000), ('IXB', 'DEL', 125, 600000), ('DEL', 'ATQ', 70, 350000), ('ATQ', 'DEL', 70, 350000), ('BOM', 'BLR', 105, 400000), ('BLR', 'BOM', 105, 400000), ('BOM', 'HYD', 85, 380000), ('HYD', 'BOM', 85, 380000), ('BOM', 'GOI', 75, 350000), ('GOI', 'BOM', 75, 350000), ('BOM', 'GOX', 75, 360000), ('GOX', 'BOM', 75, 360000), ('BOM', 'COK', 120, 450000), ('COK', 'BOM', 120, 450000), ('BOM', 'CCU', 165, 600000), ('CCU', 'BOM', 165, 600000), ('BOM', 'MAA', 115, 450000), ('MAA', 'BOM', 115, 450000), ('BOM', 'AMD', 70, 320000), ('AMD', 'BOM', 70, 320000), ('BOM', 'JAI', 115, 450000), ('JAI', 'BOM', 115, 450000), ('BOM', 'LKO', 130, 500000), ('LKO', 'BOM', 130, 500000), ('BLR', 'MAA', 60, 280000), ('MAA', 'BLR', 60, 280000), ('BLR', 'HYD', 75, 320000), ('HYD', 'BLR', 75, 320000), ('BLR', 'COK', 70, 300000), ('COK', 'BLR', 70, 300000), ('BLR', 'CCU', 155, 600000), ('CCU', 'BLR', 155, 600000), ('BLR', 'GOI', 70, 320000), ('GOI', 'BLR', 70, 320000), ('BLR', 'PNQ', 95, 380000), ('PNQ', 'BLR', 95, 380000), ('BLR', 'AMD', 135, 500000), ('AMD', 'BLR', 135, 500000), ('BLR', 'JAI', 165, 600000), ('JAI', 'BLR', 165, 600000), ('BLR', 'TRV', 75, 350000), ('TRV', 'BLR', 75, 350000), ('MAA', 'CCU', 140, 520000), ('CCU', 'MAA', 140, 520000), ('MAA', 'HYD', 75, 320000), ('HYD', 'MAA', 75, 320000), ('MAA', 'COK', 75, 320000), ('COK', 'MAA', 75, 320000), ('MAA', 'GOI', 90, 400000), ('GOI', 'MAA', 90, 400000), ('MAA', 'TRV', 75, 320000), ('TRV', 'MAA', 75, 320000), ('HYD', 'CCU', 125, 480000), ('CCU', 'HYD', 125, 480000), ('HYD', 'GOI', 80, 350000), ('GOI', 'HYD', 80, 350000), ('HYD', 'PNQ', 75, 320000), ('PNQ', 'HYD', 75, 320000), ('HYD', 'COK', 95, 380000), ('COK', 'HYD', 95, 380000), ('CCU', 'GAU', 75, 350000), ('GAU', 'CCU', 75, 350000), ('CCU', 'IXB', 60, 320000), ('IXB', 'CCU', 60, 320000), ('PNQ', 'CCU', 150, 550000), ('CCU', 'PNQ', 150, 550000);
